import type { Actor, ActorRole } from '@app/contracts';
import { assertMayChangeCredentials, credentialChanges, settingsChange, splitSettings } from './integrations.service';
import { rpcRefusal } from '@app/testing';

const DEALER = '00000000-0000-4000-8000-00000000d001';

const actor = (role: ActorRole, permissions: string[] = []): Actor => ({ role, userId: DEALER, salesPersonId: null, permissions, requestId: 'req-9' });

describe('credentialChanges: what of an edit is a change of credentials', () => {
  it('sees none in the edit form sent back as it was loaded: the same user name and an empty password', () => {
    expect(credentialChanges('ftp-user', { Username: 'ftp-user', Password: '' })).toBeNull();
    expect(credentialChanges('ftp-user', { Username: '  ftp-user ', Password: null })).toBeNull();
    expect(credentialChanges('ftp-user', {})).toBeNull();
    expect(credentialChanges(null, { Username: '', Password: '' })).toBeNull();
    expect(credentialChanges(null, { Username: null })).toBeNull();
  });

  it('sees another user name, kept without the spaces around it', () => {
    expect(credentialChanges('ftp-user', { Username: ' ftp-admin ' })).toEqual({ username: 'ftp-admin' });
    expect(credentialChanges(null, { Username: 'ftp-user' })).toEqual({ username: 'ftp-user' });
  });

  it('sees an emptied user name as clearing it', () => {
    expect(credentialChanges('ftp-user', { Username: '' })).toEqual({ username: null });
    expect(credentialChanges('ftp-user', { Username: '   ' })).toEqual({ username: null });
    expect(credentialChanges('ftp-user', { Username: null })).toEqual({ username: null });
  });

  it('sees a new password, as it was typed', () => {
    expect(credentialChanges('ftp-user', { Username: 'ftp-user', Password: ' s3cret ' })).toEqual({ password: ' s3cret ' });
    expect(credentialChanges('ftp-user', { Username: 'other', Password: 's3cret' })).toEqual({ username: 'other', password: 's3cret' });
  });
});

describe('assertMayChangeCredentials: who may change an integration\'s credentials', () => {
  it('lets the admin and the system', () => {
    expect(rpcRefusal(() => assertMayChangeCredentials(actor('Admin')))).toBeNull();
    expect(rpcRefusal(() => assertMayChangeCredentials(actor('System')))).toBeNull();
  });

  it('lets an account holding UPDATE_USER_INTEGRATION_CREDENTIALS, whatever its letter case', () => {
    expect(rpcRefusal(() => assertMayChangeCredentials(actor('Dealership', ['UPDATE_USER_INTEGRATION_CREDENTIALS'])))).toBeNull();
    expect(rpcRefusal(() => assertMayChangeCredentials(actor('Management', ['update_user_integration_credentials'])))).toBeNull();
  });

  it('refuses everyone else with 403, also one holding only UPDATE_USER_INTEGRATIONS', () => {
    const refused = { status: 403, message: 'You may not change integration credentials' };
    expect(rpcRefusal(() => assertMayChangeCredentials(actor('Dealership', ['UPDATE_USER_INTEGRATIONS'])))).toEqual(refused);
    expect(rpcRefusal(() => assertMayChangeCredentials(actor('QA')))).toEqual(refused);
  });
});

describe('splitSettings: settings sent for a provider, checked and split into stored and sealed', () => {
  it('keeps what is not secret as sent (texts trimmed), and puts secrets apart', () => {
    expect(splitSettings('WEBHOOK_API', { endpointUrl: ' https://hooks.example/p ', signingSecret: 's3cret' }, {})).toEqual({
      settings: { endpointUrl: 'https://hooks.example/p' },
      secrets: { signingSecret: 's3cret' },
      secretsSent: true,
    });
  });

  it('keeps a stored secret when it is left out or empty, and that is no change of credentials', () => {
    expect(splitSettings('WEBHOOK_API', { endpointUrl: 'https://hooks.example/q', signingSecret: '' }, { signingSecret: 'old' })).toEqual({
      settings: { endpointUrl: 'https://hooks.example/q' },
      secrets: { signingSecret: 'old' },
      secretsSent: false,
    });
  });

  it('refuses with 400 and every problem in one message', () => {
    expect(rpcRefusal(() => splitSettings('GENERIC_FTP', { port: 0, colour: 'red' }, {}))).toEqual({
      status: 400,
      message: 'colour is not a setting of GENERIC_FTP; host is required for GENERIC_FTP; port must be a whole number from 1 to 65535',
    });
  });
});

describe('settingsChange: settings that change where deliveries go (guarded like the credentials)', () => {
  it('sees none in the settings sent back as they were, and sees another value, a removed one or a new secret', () => {
    expect(settingsChange({ host: 'ftp.a', port: 21 }, { port: 21, host: 'ftp.a' }, false)).toBe(false);
    expect(settingsChange({}, {}, false)).toBe(false);
    expect(settingsChange({ host: 'ftp.a' }, { host: 'ftp.b' }, false)).toBe(true);
    expect(settingsChange({ host: 'ftp.a', path: '/x' }, { host: 'ftp.a' }, false)).toBe(true);
    expect(settingsChange({ host: 'ftp.a' }, { host: 'ftp.a' }, true)).toBe(true);
  });
});
