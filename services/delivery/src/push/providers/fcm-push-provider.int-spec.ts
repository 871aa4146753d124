import { createLogger } from '@app/logging';
import { startFakeFcm, type FakeFcm } from '@app/testing';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FcmPushProvider, readFcmServiceAccount } from './fcm-push-provider';
import { pushData, type PushMessage } from './push-provider';

/** The FCM HTTP v1 provider against a local stand-in for Google's token and send endpoints. */
describe('FcmPushProvider', () => {
  const logger = createLogger('delivery', 'silent');
  let fcm: FakeFcm;
  let clock: number;
  const message: PushMessage = { title: 'Photos ready', body: 'Your BMW is ready', data: pushData('0b7f5a4e-8f3c-4e0a-9d7b-2f1c3e4d5a6b', { kind: 'ready', images: 8 }) };
  const provider = (over: { apiUrl?: string; tokenUrl?: string } = {}) =>
    new FcmPushProvider(readFcmServiceAccount({ FCM_SERVICE_ACCOUNT_JSON: fcm.serviceAccountJson }), { apiUrl: fcm.apiUrl, timeoutMs: 2000, now: () => clock, ...over }, logger);

  beforeEach(async () => {
    fcm = await startFakeFcm();
    clock = Date.now();
  });

  afterEach(async () => {
    await fcm.close();
  });

  it('sends one message per device with the notification and string data, on one access token from a signed assertion', async () => {
    const outcomes = await provider().send(message, ['device-a', 'device-b', 'device-c']);
    expect(outcomes).toEqual([
      { token: 'device-a', result: 'sent' },
      { token: 'device-b', result: 'sent' },
      { token: 'device-c', result: 'sent' },
    ]);
    expect(fcm.issued).toHaveLength(1);
    expect(fcm.sent.map((s) => s.token).sort()).toEqual(['device-a', 'device-b', 'device-c']);
    for (const s of fcm.sent) {
      expect(s.notification).toEqual({ title: 'Photos ready', body: 'Your BMW is ready' });
      expect(s.data).toEqual({ orderId: '0b7f5a4e-8f3c-4e0a-9d7b-2f1c3e4d5a6b', eventPayload: '{"kind":"ready","images":8}' });
      expect(s.accessToken).toBe(fcm.issued[0]);
    }
  });

  it('keeps the access token until shortly before it expires, then fetches a new one', async () => {
    const fcmProvider = provider();
    await fcmProvider.send(message, ['device-a']);
    clock += 30 * 60_000;
    await fcmProvider.send(message, ['device-a']);
    expect(fcm.issued).toHaveLength(1);
    // a minute before Google's expiry the token counts as spent
    clock += 29.5 * 60_000;
    await fcmProvider.send(message, ['device-a']);
    expect(fcm.issued).toHaveLength(2);
    expect(fcm.sent.map((s) => s.accessToken)).toEqual([fcm.issued[0], fcm.issued[0], fcm.issued[1]]);
  });

  it('a token revoked before its expiry (401 on a send) is renewed once and the message goes out', async () => {
    const fcmProvider = provider();
    await fcmProvider.send(message, ['device-a']);
    fcm.revoke(fcm.issued[0]!);
    expect(await fcmProvider.send(message, ['device-b'])).toEqual([{ token: 'device-b', result: 'sent' }]);
    expect(fcm.issued).toHaveLength(2);
    expect(fcm.sent.at(-1)).toMatchObject({ token: 'device-b', accessToken: fcm.issued[1] });
  });

  it('tells unregistered and invalid tokens (to remove) from a refusal of another kind', async () => {
    fcm.unregistered.add('gone');
    fcm.invalid.add('garbled');
    fcm.throttled.add('busy');
    const outcomes = await provider().send(message, ['gone', 'garbled', 'busy', 'fine']);
    expect(outcomes).toEqual([
      { token: 'gone', result: 'unregistered', reason: 'UNREGISTERED (Requested entity was not found.)' },
      { token: 'garbled', result: 'unregistered', reason: 'INVALID_ARGUMENT (The registration token is not a valid FCM registration token)' },
      { token: 'busy', result: 'failed', reason: 'QUOTA_EXCEEDED (Quota exceeded.)', unreachable: false },
      { token: 'fine', result: 'sent' },
    ]);
    expect(fcm.sent.map((s) => s.token)).toEqual(['fine']);
  });

  it('credentials Google refuses fail every device with the reason, not as unreachable', async () => {
    fcm.refuseGrant = true;
    const outcomes = await provider().send(message, ['device-a', 'device-b']);
    expect(outcomes).toHaveLength(2);
    for (const o of outcomes) expect(o).toMatchObject({ result: 'failed', unreachable: false, reason: 'the FCM access token was refused: invalid_grant: Invalid JWT Signature.' });
    expect(fcm.sent).toEqual([]);
  });

  it('a provider that does not answer fails every device as unreachable', async () => {
    // a port nobody listens on
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    const outcomes = await provider({ apiUrl: `http://127.0.0.1:${port}`, tokenUrl: `http://127.0.0.1:${port}/token` }).send(message, ['device-a']);
    expect(outcomes).toEqual([{ token: 'device-a', result: 'failed', unreachable: true, reason: 'the FCM access token could not be fetched: ECONNREFUSED' }]);
    // the token endpoint answers, the send endpoint does not
    const half = provider({ apiUrl: `http://127.0.0.1:${port}`, tokenUrl: fcm.tokenUrl });
    expect(await half.send(message, ['device-a'])).toEqual([{ token: 'device-a', result: 'failed', unreachable: true, reason: 'FCM did not answer: ECONNREFUSED' }]);
  });

  it('reads the service account from FCM_SERVICE_ACCOUNT_JSON or FCM_SERVICE_ACCOUNT_FILE, and names the variable when it is missing or wrong', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fcm-key-'));
    try {
      const file = join(dir, 'key.json');
      writeFileSync(file, fcm.serviceAccountJson);
      const fromFile = readFcmServiceAccount({ FCM_SERVICE_ACCOUNT_FILE: file });
      expect(fromFile).toMatchObject({ projectId: 'demo-project', clientEmail: 'push@demo-project.iam.gserviceaccount.com', tokenUri: fcm.tokenUrl });
      expect(readFcmServiceAccount({ FCM_SERVICE_ACCOUNT_JSON: fcm.serviceAccountJson })).toEqual(fromFile);
      expect(() => readFcmServiceAccount({})).toThrow(/set FCM_SERVICE_ACCOUNT_JSON .* or FCM_SERVICE_ACCOUNT_FILE/);
      expect(() => readFcmServiceAccount({ FCM_SERVICE_ACCOUNT_FILE: join(dir, 'missing.json') })).toThrow(/^FCM_SERVICE_ACCOUNT_FILE cannot be read/);
      expect(() => readFcmServiceAccount({ FCM_SERVICE_ACCOUNT_JSON: '{not json' })).toThrow('FCM_SERVICE_ACCOUNT_JSON is not JSON');
      const key = JSON.parse(fcm.serviceAccountJson) as Record<string, string>;
      expect(() => readFcmServiceAccount({ FCM_SERVICE_ACCOUNT_JSON: JSON.stringify({ ...key, project_id: '' }) })).toThrow('FCM_SERVICE_ACCOUNT_JSON has no project_id');
      expect(() => readFcmServiceAccount({ FCM_SERVICE_ACCOUNT_JSON: JSON.stringify({ ...key, private_key: 'secret' }) })).toThrow(
        'FCM_SERVICE_ACCOUNT_JSON has a private_key that is not a PEM private key',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
