import { DEFAULT_OUTPUT_RULES, planDeliveryFiles } from './delivery-files';
import { fileNamePatternProblem, providerSettings, settingsProblems } from './integrations';
import type { OutputRules } from './views';

const pictures = [
  { position: 3, angleName: 'Rear' },
  { position: 1, angleName: 'Front left' },
  { position: 2, angleName: null },
];
const rules = (r: Partial<OutputRules>): OutputRules => ({ ...DEFAULT_OUTPUT_RULES, ...r });
const names = (r: Partial<OutputRules>, orderName = 'Volvo XC60') => planDeliveryFiles(rules(r), orderName, pictures).map((f) => f.name);

describe('planDeliveryFiles: which files a delivery writes, and their names', () => {
  it('sends every picture in position order by default, named order name and position, as .jpg', () => {
    expect(names({})).toEqual(['Volvo XC60-1.jpg', 'Volvo XC60-2.jpg', 'Volvo XC60-3.jpg']);
  });

  it("takes the rules' positions in their order, skips one the order lacks, and stops at maxFiles", () => {
    expect(names({ positions: [3, 9, 1, 2] })).toEqual(['Volvo XC60-3.jpg', 'Volvo XC60-1.jpg', 'Volvo XC60-2.jpg']);
    expect(names({ positions: [3, 9, 1, 2], maxFiles: 2 })).toEqual(['Volvo XC60-3.jpg', 'Volvo XC60-1.jpg']);
    expect(names({ maxFiles: 1 })).toEqual(['Volvo XC60-1.jpg']);
  });

  it('fills angle and index, uses the format\'s extension, and names a position without angle', () => {
    expect(names({ fileNamePattern: '{index}_{angle}', format: 'png' })).toEqual(['1_Front left.png', '2_position 2.png', '3_Rear.png']);
    expect(names({ fileNamePattern: '{position}', format: 'webp' })).toEqual(['1.webp', '2.webp', '3.webp']);
  });

  it('makes names safe (no slashes, reserved characters or leading dots) and tells equal names apart', () => {
    expect(names({ fileNamePattern: '{orderName}/{position}' }, '../BMW: "X5"')).toEqual(['-BMW- -X5-1.jpg', '-BMW- -X5-2.jpg', '-BMW- -X5-3.jpg']);
    expect(planDeliveryFiles(rules({ fileNamePattern: '{index}' }), 'x', pictures).map((f) => f.index)).toEqual([1, 2, 3]);
    const same = planDeliveryFiles(rules({ fileNamePattern: 'car {angle} {position}' }), 'x', [
      { position: 1, angleName: 'A' },
      { position: 11, angleName: 'A' },
    ]);
    expect(same.map((f) => f.name)).toEqual(['car A 1.jpg', 'car A 11.jpg']);
  });
});

describe('fileNamePatternProblem', () => {
  it('asks for {position} or {index}, and knows only the four placeholders', () => {
    expect(fileNamePatternProblem('{orderName}-{position}')).toBeNull();
    expect(fileNamePatternProblem('{index}')).toBeNull();
    expect(fileNamePatternProblem('{orderName}')).toBe('fileNamePattern must contain {position} or {index}');
    expect(fileNamePatternProblem('{index}-{colour}')).toBe('fileNamePattern may only use {orderName}, {position}, {angle}, {index}; {colour} is unknown');
    expect(fileNamePatternProblem(' ')).toBe('fileNamePattern must not be empty');
    expect(fileNamePatternProblem(`{index}${'a'.repeat(193)}`)).toBeNull();
    expect(fileNamePatternProblem(`{index}${'a'.repeat(194)}`)).toBe('fileNamePattern must be at most 200 characters');
  });
});

describe('settingsProblems: settings checked against the provider\'s list', () => {
  it('takes a complete FTP setting, and names each problem', () => {
    expect(settingsProblems('GENERIC_FTP', { host: 'ftp.dealer.example', port: 21, path: '/photos', secure: false })).toEqual([]);
    expect(settingsProblems('GENERIC_FTP', { host: 'bad host', port: 0, secure: 'yes' })).toEqual([
      'host must be a host name or an IP address',
      'port must be a whole number from 1 to 65535',
      'secure must be true or false',
    ]);
    expect(settingsProblems('GENERIC_FTP', { port: 65535 })).toEqual(['host is required for GENERIC_FTP']);
    expect(settingsProblems('GENERIC_FTP', { host: 'h', port: 65536 })).toEqual(['port must be a whole number from 1 to 65535']);
  });

  it('refuses a setting the provider does not have', () => {
    expect(settingsProblems('DELIVERY_ROBOT', { host: 'x' })).toEqual(['host is not a setting of DELIVERY_ROBOT']);
  });

  it('counts a stored secret as given, and wants an account URL or a connection string for Azure', () => {
    expect(settingsProblems('WEBHOOK_API', { endpointUrl: 'https://hooks.example/p' })).toEqual(['signingSecret is required for WEBHOOK_API']);
    expect(settingsProblems('WEBHOOK_API', { endpointUrl: 'https://hooks.example/p' }, ['signingSecret'])).toEqual([]);
    expect(settingsProblems('WEBHOOK_API', { endpointUrl: 'ftp://x', signingSecret: 's' })).toEqual(['endpointUrl must be an http(s):// URL']);
    expect(settingsProblems('AZURE_BLOB', { container: 'photos' })).toEqual(['accountUrl or connectionString is required for AZURE_BLOB']);
    expect(settingsProblems('AZURE_BLOB', { container: 'photos' }, ['connectionString'])).toEqual([]);
    expect(settingsProblems('AZURE_BLOB', { container: 'Photos', accountUrl: 'https://a.blob.core.windows.net' })).toEqual([
      'container must be 3 to 63 lower-case letters, digits and single hyphens',
    ]);
  });

  it('gives every provider a list, secrets marked', () => {
    expect(providerSettings('FTPS').find((s) => s.name === 'secure')?.defaultValue).toBe(true);
    expect(providerSettings('GENERIC_FTP').find((s) => s.name === 'secure')?.defaultValue).toBe(false);
    expect(providerSettings('DMS_REST_API').filter((s) => s.secret).map((s) => s.name)).toEqual(['signingSecret']);
    expect(providerSettings('CUSTOM_ROBOT')).toEqual([]);
  });

  it('asks a SharePoint library for its tenant and drive, the folder optional', () => {
    expect(providerSettings('SHAREPOINT').map((s) => [s.name, s.required])).toEqual([
      ['tenantId', true],
      ['driveId', true],
      ['path', false],
    ]);
    expect(settingsProblems('SHAREPOINT', {})).toEqual(['tenantId is required for SHAREPOINT', 'driveId is required for SHAREPOINT']);
    expect(settingsProblems('SHAREPOINT', { tenantId: 'contoso.onmicrosoft.com', driveId: 'b!Xk3d-_9', path: '/Cars' })).toEqual([]);
    expect(settingsProblems('SHAREPOINT', { tenantId: 'contoso/evil', driveId: 'b!x y' })).toEqual([
      'tenantId must be the directory (tenant) ID or its domain',
      "driveId must be the library's drive ID (letters, digits, !, _ and -)",
    ]);
  });
});
