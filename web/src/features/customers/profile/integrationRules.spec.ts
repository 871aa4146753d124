import { describe, expect, it } from '@jest/globals';
import { DEFAULT_OUTPUT_RULES } from '@app/contracts/wire';
import { integrationDestination, outputRulesOf, parsePositions, previewFiles, settingsBody, settingsFormValues, validateSettingsForm } from './integrationRules';

const ftp = { provider: 'GENERIC_FTP', settings: { host: 'ftp.dealer.test', port: 2121 }, outputRules: DEFAULT_OUTPUT_RULES };

describe('integration settings rules', () => {
  it('fills the form from the integration: its settings, defaults for switches, never a secret', () => {
    const v = settingsFormValues(ftp);
    expect(v).toMatchObject({ 's.host': 'ftp.dealer.test', 's.port': '2121', 's.path': '', 's.secure': 'false', 's.verifyCertificate': 'true', positions: '', format: 'jpeg', quality: '90' });
    expect(settingsFormValues({ provider: 'FTPS', settings: {}, outputRules: DEFAULT_OUTPUT_RULES })['s.secure']).toBe('true');
    expect(settingsFormValues({ provider: 'WEBHOOK_API', settings: { endpointUrl: 'https://h.test' }, outputRules: DEFAULT_OUTPUT_RULES })['s.signingSecret']).toBe('');
  });

  it('checks required settings, ports, URLs and the rules; a stored secret may stay empty', () => {
    const v = { ...settingsFormValues(ftp), 's.host': '', 's.port': '70000', positions: '1, x', quality: '0', fileNamePattern: '{orderName}' };
    expect(Object.keys(validateSettingsForm('GENERIC_FTP', v, [])).sort()).toEqual(['fileNamePattern', 'positions', 'quality', 's.host', 's.port']);
    const hook = settingsFormValues({ provider: 'WEBHOOK_API', settings: { endpointUrl: 'https://h.test' }, outputRules: DEFAULT_OUTPUT_RULES });
    expect(validateSettingsForm('WEBHOOK_API', hook, [])).toEqual({ 's.signingSecret': { key: 'validation.required' } });
    expect(validateSettingsForm('WEBHOOK_API', hook, ['signingSecret'])).toEqual({});
    expect(validateSettingsForm('WEBHOOK_API', { ...hook, 's.endpointUrl': 'ftp://x' }, ['signingSecret'])).toEqual({ 's.endpointUrl': { key: 'validation.invalid' } });
  });

  it('sends every setting typed, a port as a number, leaves out empty ones, and the rules', () => {
    const v = { ...settingsFormValues(ftp), 's.path': ' /photos ', positions: '3, 1', maxFiles: '2', width: '800', format: 'png', logo: 'true' };
    expect(settingsBody('GENERIC_FTP', v)).toEqual({
      settings: { host: 'ftp.dealer.test', port: 2121, path: '/photos', secure: false, verifyCertificate: true, writeManifest: false },
      outputRules: { ...DEFAULT_OUTPUT_RULES, positions: [3, 1], maxFiles: 2, width: 800, format: 'png', logo: true },
    });
  });

  it('reads positions separated by commas or spaces, and refuses anything else', () => {
    expect(parsePositions('3, 1 2;4')).toEqual([3, 1, 2, 4]);
    expect(parsePositions('')).toEqual([]);
    expect(parsePositions('1, -2')).toBeNull();
    expect(parsePositions('1000')).toBeNull();
  });

  it('previews the files of a sample order under the rules', () => {
    expect(previewFiles(DEFAULT_OUTPUT_RULES)).toHaveLength(12);
    expect(previewFiles(DEFAULT_OUTPUT_RULES)[0]).toBe('Volvo XC60 2026-1.jpg');
    const rules = outputRulesOf({ ...settingsFormValues(ftp), positions: '5, 1, 14', maxFiles: '2', format: 'webp', fileNamePattern: '{index}_{angle}' });
    expect(previewFiles(rules)).toEqual(['1_Rear.webp', '2_Front.webp']);
    expect(previewFiles({ ...rules, maxFiles: null })).toEqual(['1_Rear.webp', '2_Front.webp', '3_position 14.webp']);
  });

  it('says where an integration delivers as its receipts will, or that it is not set up yet; never a SAS', () => {
    expect(integrationDestination(ftp)).toBe('ftp://ftp.dealer.test:2121/');
    expect(integrationDestination({ provider: 'FTPS', settings: { host: 'h.test', path: 'in//cars/', secure: true } })).toBe('ftps://h.test:21/in/cars');
    expect(integrationDestination({ provider: 'GENERIC_FTP', settings: {} })).toBeNull();
    expect(integrationDestination({ provider: 'AZURE_BLOB', settings: { accountUrl: 'https://acc.blob.core.windows.net/?sv=2024&sig=secret', container: 'cars', pathPrefix: 'in' } })).toBe(
      'https://acc.blob.core.windows.net/cars/in',
    );
    expect(integrationDestination({ provider: 'S3_BUCKET', settings: { endpoint: 'https://s3.test/', bucket: 'photos' } })).toBe('https://s3.test/photos');
    expect(integrationDestination({ provider: 'WEBHOOK_API', settings: { endpointUrl: 'https://h.test/hook' } })).toBe('https://h.test/hook');
    expect(integrationDestination({ provider: 'WEBHOOK_API', settings: {} })).toBeNull();
    expect(integrationDestination({ provider: 'SHAREPOINT', settings: { tenantId: 'contoso.onmicrosoft.com', driveId: 'b!lib', path: 'Cars' } })).toBe(
      'SharePoint contoso.onmicrosoft.com / b!lib/Cars',
    );
    expect(integrationDestination({ provider: 'SHAREPOINT', settings: { tenantId: 'contoso.onmicrosoft.com' } })).toBeNull();
    expect(integrationDestination({ provider: 'DELIVERY_ROBOT', settings: {} })).toBeUndefined();
  });
});
