
export const INTEGRATION_TYPES = ['FTP', 'BLOB', 'REMOTE_INTEGRATION', 'ROBOT', 'API'] as const;
export type IntegrationType = (typeof INTEGRATION_TYPES)[number];

/**
 * Delivery targets an account can be connected to: dealer-system APIs, FTP targets,
 * classified-ad portals, blob storage and the product's own API. The delivery service knows
 * how to deliver to each type.
 */
export const INTEGRATION_PROVIDERS: ReadonlyArray<{ provider: string; label: string; integrationType: IntegrationType }> = [
  { provider: 'DMS_REST_API', label: 'Dealer management system (REST)', integrationType: 'API' },
  { provider: 'DMS_SOAP_API', label: 'Dealer management system (SOAP)', integrationType: 'API' },
  { provider: 'INVENTORY_SYNC_API', label: 'Inventory sync API', integrationType: 'API' },
  { provider: 'WEBHOOK_API', label: 'HTTP webhook', integrationType: 'API' },
  { provider: 'PRODUCT_API', label: 'Photo service API (pull)', integrationType: 'API' },
  { provider: 'GENERIC_FTP', label: 'FTP server', integrationType: 'FTP' },
  { provider: 'DEALER_FTP', label: 'Dealer website FTP', integrationType: 'FTP' },
  { provider: 'PORTAL_FTP', label: 'Portal image FTP', integrationType: 'FTP' },
  { provider: 'FTPS', label: 'FTP over TLS', integrationType: 'FTP' },
  { provider: 'AD_PORTAL_NORDIC', label: 'Classified-ad portal (Nordic)', integrationType: 'REMOTE_INTEGRATION' },
  { provider: 'AD_PORTAL_EU', label: 'Classified-ad portal (Europe)', integrationType: 'REMOTE_INTEGRATION' },
  { provider: 'AD_PORTAL_MOBILE', label: 'Mobile classified-ad portal', integrationType: 'REMOTE_INTEGRATION' },
  { provider: 'MARKETPLACE_FEED', label: 'Marketplace feed', integrationType: 'REMOTE_INTEGRATION' },
  { provider: 'LEASING_PORTAL', label: 'Leasing portal', integrationType: 'REMOTE_INTEGRATION' },
  { provider: 'AZURE_BLOB', label: 'Azure Blob Storage', integrationType: 'BLOB' },
  { provider: 'S3_BUCKET', label: 'S3 bucket', integrationType: 'BLOB' },
  { provider: 'SHAREPOINT', label: 'SharePoint library', integrationType: 'BLOB' },
  { provider: 'DELIVERY_ROBOT', label: 'Delivery robot', integrationType: 'ROBOT' },
  { provider: 'CUSTOM_ROBOT', label: 'Custom integration robot', integrationType: 'ROBOT' },
];

export function providerInfo(provider: string) {
  return INTEGRATION_PROVIDERS.find((p) => p.provider === provider);
}

export const INTEGRATION_MESSAGES = {
  notFound: 'Integration not found',
  duplicate: 'This provider is already added to the account',
} as const;

// ---------------------------------------------------------------------------------------
// Settings: what each provider needs besides the user name and password, as data

/** How a setting is typed and checked. */
export type SettingKind = 'text' | 'host' | 'port' | 'path' | 'url' | 'boolean';

export interface ProviderSetting {
  name: string;
  kind: SettingKind;
  required: boolean;
  /** stored encrypted like the password, never answered (the view lists only that it is stored) */
  secret?: boolean;
  /** longest text (every text setting has one) */
  maxLength?: number;
  /** what the deliverer uses when the setting is not given */
  defaultValue?: string | number | boolean;
  /** one more rule on a text, with its message */
  pattern?: { regex: string; message: string };
}

export type SettingValue = string | number | boolean;
export type IntegrationSettings = Record<string, SettingValue>;

const FTP_SETTINGS = (secure: boolean): ProviderSetting[] => [
  { name: 'host', kind: 'host', required: true, maxLength: 253 },
  { name: 'port', kind: 'port', required: false, defaultValue: 21 },
  { name: 'path', kind: 'path', required: false, maxLength: 500, defaultValue: '/' },
  { name: 'secure', kind: 'boolean', required: false, defaultValue: secure },
  { name: 'verifyCertificate', kind: 'boolean', required: false, defaultValue: true },
  { name: 'writeManifest', kind: 'boolean', required: false, defaultValue: false },
];

const AZURE_SETTINGS: ProviderSetting[] = [
  { name: 'accountUrl', kind: 'url', required: false, maxLength: 500 },
  { name: 'connectionString', kind: 'text', required: false, secret: true, maxLength: 2000 },
  {
    name: 'container',
    kind: 'text',
    required: true,
    maxLength: 63,
    pattern: { regex: '^[a-z0-9](?!.*--)[a-z0-9-]{1,61}[a-z0-9]$', message: 'container must be 3 to 63 lower-case letters, digits and single hyphens' },
  },
  { name: 'pathPrefix', kind: 'path', required: false, maxLength: 500, defaultValue: '' },
];

const S3_SETTINGS: ProviderSetting[] = [
  { name: 'endpoint', kind: 'url', required: true, maxLength: 500 },
  { name: 'region', kind: 'text', required: false, maxLength: 50, defaultValue: 'us-east-1', pattern: { regex: '^[a-z0-9-]+$', message: 'region must be lower-case letters, digits and hyphens' } },
  {
    name: 'bucket',
    kind: 'text',
    required: true,
    maxLength: 63,
    pattern: { regex: '^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$', message: 'bucket must be 3 to 63 lower-case letters, digits, dots and hyphens' },
  },
  { name: 'prefix', kind: 'path', required: false, maxLength: 500, defaultValue: '' },
];

const SHAREPOINT_SETTINGS: ProviderSetting[] = [
  {
    name: 'tenantId',
    kind: 'text',
    required: true,
    maxLength: 100,
    pattern: { regex: '^[A-Za-z0-9][A-Za-z0-9.-]*$', message: 'tenantId must be the directory (tenant) ID or its domain' },
  },
  {
    name: 'driveId',
    kind: 'text',
    required: true,
    maxLength: 200,
    pattern: { regex: '^[A-Za-z0-9!_-]+$', message: "driveId must be the library's drive ID (letters, digits, !, _ and -)" },
  },
  { name: 'path', kind: 'path', required: false, maxLength: 500, defaultValue: '/' },
];

const API_SETTINGS: ProviderSetting[] = [
  { name: 'endpointUrl', kind: 'url', required: true, maxLength: 500 },
  { name: 'signingSecret', kind: 'text', required: true, secret: true, maxLength: 200 },
];

/**
 * The settings of each provider (the user name and password are not among them: they are the
 * integration's credentials). FTP: the user name and password log in. Azure: an account URL
 * with the account name and key as user name and password (or a SAS in the URL), or a
 * connection string. S3: the access key and secret key as user name and password. SharePoint:
 * the tenant, the library's drive ID and a folder, with the app registration's client ID and
 * secret as user name and password (Microsoft Graph, client credentials). API and
 * portals: the endpoint and the secret the requests are signed with. Robots pull: nothing.
 */
export function providerSettings(provider: string): ProviderSetting[] {
  switch (provider) {
    case 'GENERIC_FTP':
    case 'DEALER_FTP':
    case 'PORTAL_FTP':
      return FTP_SETTINGS(false);
    case 'FTPS':
      return FTP_SETTINGS(true);
    case 'AZURE_BLOB':
      return AZURE_SETTINGS;
    case 'S3_BUCKET':
      return S3_SETTINGS;
    case 'SHAREPOINT':
      return SHAREPOINT_SETTINGS;
    default: {
      const type = providerInfo(provider)?.integrationType;
      return type === 'API' || type === 'REMOTE_INTEGRATION' ? API_SETTINGS : [];
    }
  }
}

const HOST = /^(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
const IPV6 = /^\[?[0-9A-Fa-f:.]{2,45}\]?$/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

function checkOne(s: ProviderSetting, value: SettingValue): string | null {
  if (s.kind === 'boolean') return typeof value === 'boolean' ? null : `${s.name} must be true or false`;
  if (s.kind === 'port') return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 65535 ? null : `${s.name} must be a whole number from 1 to 65535`;
  if (typeof value !== 'string') return `${s.name} must be a text`;
  if (s.maxLength !== undefined && value.length > s.maxLength) return `${s.name} must be at most ${s.maxLength} characters`;
  if (CONTROL.test(value) || /[\ud800-\udfff]/.test(value.replace(/[\ud800-\udbff][\udc00-\udfff]/g, ''))) return `${s.name} must not hold control characters`;
  if (s.kind === 'host' && !HOST.test(value) && !IPV6.test(value)) return `${s.name} must be a host name or an IP address`;
  if (s.kind === 'url') {
    if (!/^https?:\/\/[^\s/?#]+[^\s]*$/i.test(value)) return `${s.name} must be an http(s):// URL`;
  }
  if (s.kind === 'path' && (value.split('/').includes('..') || value.includes('\\'))) return `${s.name} must be a path without .. or backslashes`;
  if (s.pattern && !new RegExp(s.pattern.regex).test(value)) return s.pattern.message;
  return null;
}

/**
 * The problems of settings sent for a provider, one message each (empty: they are fine).
 * Settings are sent whole; a secret left out or empty keeps the stored one (`storedSecrets`).
 */
export function settingsProblems(provider: string, settings: IntegrationSettings, storedSecrets: readonly string[] = []): string[] {
  const known = providerSettings(provider);
  const problems: string[] = [];
  for (const name of Object.keys(settings)) {
    if (!known.some((s) => s.name === name)) problems.push(`${name} is not a setting of ${provider}`);
  }
  for (const s of known) {
    const value = settings[s.name];
    if (value === undefined || value === '') {
      if (s.required && !(s.secret && storedSecrets.includes(s.name))) problems.push(`${s.name} is required for ${provider}`);
      continue;
    }
    const problem = checkOne(s, value);
    if (problem) problems.push(problem);
  }
  const group = ONE_OF_SETTINGS[provider];
  if (group && !group.some((name) => (settings[name] !== undefined && settings[name] !== '') || storedSecrets.includes(name))) {
    problems.push(`${group.join(' or ')} is required for ${provider}`);
  }
  return problems;
}

/** Providers that need one of several settings: Azure takes an account URL or a connection string. */
export const ONE_OF_SETTINGS: Readonly<Record<string, readonly string[]>> = { AZURE_BLOB: ['accountUrl', 'connectionString'] };

// ---------------------------------------------------------------------------------------
// Output rules: what a delivery sends to one integration, and how the files are named

export const OUTPUT_FORMATS = ['jpeg', 'png', 'webp'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];
export const FILE_NAME_PLACEHOLDERS = ['{orderName}', '{position}', '{angle}', '{index}'] as const;

export const OUTPUT_LIMITS = {
  positions: 200,
  maxFiles: { min: 1, max: 200 },
  size: { min: 16, max: 8192 },
  quality: { min: 1, max: 100 },
  fileNamePattern: 200,
} as const;

/** The label drawn on a picture with `editedLabel` (kept in English: it is part of the picture the portals show). */
export const EDITED_LABEL_TEXT = 'Digitally edited';

export const OUTPUT_EXTENSIONS: Record<OutputFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp' };
export const OUTPUT_CONTENT_TYPES: Record<OutputFormat, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** A pattern must tell the files apart: it names `{position}` or `{index}`. */
export function fileNamePatternProblem(pattern: string): string | null {
  if (!pattern.trim()) return 'fileNamePattern must not be empty';
  if (pattern.length > OUTPUT_LIMITS.fileNamePattern) return `fileNamePattern must be at most ${OUTPUT_LIMITS.fileNamePattern} characters`;
  if (!pattern.includes('{position}') && !pattern.includes('{index}')) return 'fileNamePattern must contain {position} or {index}';
  const unknown = pattern.match(/\{[^}]*\}/g)?.find((p) => !(FILE_NAME_PLACEHOLDERS as readonly string[]).includes(p));
  if (unknown) return `fileNamePattern may only use ${FILE_NAME_PLACEHOLDERS.join(', ')}; ${unknown} is unknown`;
  return null;
}

/** A file name safe on every system: no path separators, reserved or control characters, no leading dots. */
export function safeDeliveryName(name: string, fallback = 'image'): string {
  const cleaned = name
    // eslint-disable-next-line no-control-regex
    .replace(/[\\/:*?"<>|\u0000-\u001f\u007f]+/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 150)
    .trim();
  return cleaned || fallback;
}
