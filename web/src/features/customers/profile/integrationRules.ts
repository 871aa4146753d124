import {
  DEFAULT_OUTPUT_RULES,
  providerInfo,
  fileNamePatternProblem,
  OUTPUT_FORMATS,
  OUTPUT_LIMITS,
  planDeliveryFiles,
  providerSettings,
  type IntegrationSettings,
  type IntegrationView,
  type OutputFormat,
  type OutputRules,
  type ProviderSetting,
} from '@app/contracts/wire';
import type { FieldErrors } from '../../../utils/fieldError';

/** Pure rules of an integration's settings and output rules dialog (the profile's integrations tab). */

/** The dialog's values, all text ('true'/'false' for switches): settings as `s.<name>`, rules by name. */
export type SettingsFormValues = Record<string, string>;

const SETTING = 's.';
export const settingKey = (name: string) => `${SETTING}${name}`;

/** The form's values for an integration: its settings (secrets empty: they are never shown) and rules. */
export function settingsFormValues(integration: Pick<IntegrationView, 'provider' | 'settings' | 'outputRules'>): SettingsFormValues {
  const values: SettingsFormValues = {};
  for (const s of providerSettings(integration.provider)) {
    const stored = s.secret ? undefined : integration.settings?.[s.name];
    const value = stored ?? (s.kind === 'boolean' ? s.defaultValue ?? false : '');
    values[settingKey(s.name)] = String(value);
  }
  const rules = { ...DEFAULT_OUTPUT_RULES, ...(integration.outputRules ?? {}) };
  return {
    ...values,
    positions: rules.positions.join(', '),
    maxFiles: rules.maxFiles === null ? '' : String(rules.maxFiles),
    width: rules.width === null ? '' : String(rules.width),
    height: rules.height === null ? '' : String(rules.height),
    format: rules.format,
    quality: String(rules.quality),
    fileNamePattern: rules.fileNamePattern,
    logo: String(rules.logo),
    editedLabel: String(rules.editedLabel),
  };
}

const WHOLE = /^\d+$/;
const whole = (text: string) => (WHOLE.test(text.trim()) ? Number(text.trim()) : NaN);

/** "3, 1, 2" as positions; null when a part is not a position (0 to 999). */
export function parsePositions(text: string): number[] | null {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  const positions = parts.map(whole);
  if (positions.some((p) => Number.isNaN(p) || p > 999) || positions.length > OUTPUT_LIMITS.positions) return null;
  return positions;
}

const inRange = (text: string, min: number, max: number) => {
  const n = whole(text);
  return !Number.isNaN(n) && n >= min && n <= max;
};

function settingError(s: ProviderSetting, value: string, storedSecrets: readonly string[]): FieldErrors<SettingsFormValues>[string] {
  if (s.kind === 'boolean') return undefined;
  if (value.trim() === '') return s.required && !(s.secret && storedSecrets.includes(s.name)) ? { key: 'validation.required' } : undefined;
  if (s.kind === 'port' && !inRange(value, 1, 65535)) return { key: 'validation.invalid' };
  if (s.kind === 'url' && !/^https?:\/\/\S+$/i.test(value.trim())) return { key: 'validation.invalid' };
  if (s.pattern && !new RegExp(s.pattern.regex).test(value.trim())) return { key: 'validation.invalid' };
  if (s.maxLength !== undefined && value.length > s.maxLength) return { key: 'validation.maxLength', values: { max: s.maxLength } };
  return undefined;
}

/** Each field's error (the server checks the same and more, and answers what it refuses). */
export function validateSettingsForm(provider: string, v: SettingsFormValues, storedSecrets: readonly string[]): FieldErrors<SettingsFormValues> {
  const errors: FieldErrors<SettingsFormValues> = {};
  for (const s of providerSettings(provider)) {
    const error = settingError(s, v[settingKey(s.name)] ?? '', storedSecrets);
    if (error) errors[settingKey(s.name)] = error;
  }
  if (parsePositions(v.positions ?? '') === null) errors.positions = { key: 'validation.invalid' };
  if (v.maxFiles?.trim() && !inRange(v.maxFiles, OUTPUT_LIMITS.maxFiles.min, OUTPUT_LIMITS.maxFiles.max)) errors.maxFiles = { key: 'validation.invalid' };
  for (const side of ['width', 'height'] as const) {
    if (v[side]?.trim() && !inRange(v[side], OUTPUT_LIMITS.size.min, OUTPUT_LIMITS.size.max)) errors[side] = { key: 'validation.invalid' };
  }
  if (!inRange(v.quality ?? '', OUTPUT_LIMITS.quality.min, OUTPUT_LIMITS.quality.max)) errors.quality = { key: 'validation.invalid' };
  if (fileNamePatternProblem(v.fileNamePattern ?? '')) errors.fileNamePattern = { key: 'validation.invalid' };
  return errors;
}

const orNull = (text: string | undefined) => (text?.trim() ? Number(text.trim()) : null);

/** The output rules the form holds (valid values assumed; what cannot be read falls back to the defaults). */
export function outputRulesOf(v: SettingsFormValues): OutputRules {
  return {
    positions: parsePositions(v.positions ?? '') ?? [],
    maxFiles: orNull(v.maxFiles),
    width: orNull(v.width),
    height: orNull(v.height),
    format: (OUTPUT_FORMATS as readonly string[]).includes(v.format) ? (v.format as OutputFormat) : DEFAULT_OUTPUT_RULES.format,
    quality: whole(v.quality ?? '') || DEFAULT_OUTPUT_RULES.quality,
    fileNamePattern: fileNamePatternProblem(v.fileNamePattern ?? '') ? DEFAULT_OUTPUT_RULES.fileNamePattern : v.fileNamePattern,
    logo: v.logo === 'true',
    editedLabel: v.editedLabel === 'true',
  };
}

/**
 * What `PUT /remote-integration/{id}` gets: every setting (an empty one left out: cleared, or
 * for a secret, the stored one kept) and the rules.
 */
export function settingsBody(provider: string, v: SettingsFormValues): { settings: IntegrationSettings; outputRules: OutputRules } {
  const settings: IntegrationSettings = {};
  for (const s of providerSettings(provider)) {
    const text = v[settingKey(s.name)] ?? '';
    if (s.kind === 'boolean') settings[s.name] = text === 'true';
    else if (text.trim() === '') continue;
    else settings[s.name] = s.kind === 'port' ? Number(text.trim()) : text.trim();
  }
  return { settings, outputRules: outputRulesOf(v) };
}

/** Angle names of the sample order of the preview (as a style guide would name them). */
export const SAMPLE_ANGLES = ['Front', 'Front left', 'Left', 'Rear left', 'Rear', 'Rear right', 'Right', 'Front right', 'Interior', 'Dashboard', 'Wheel', 'Trunk'];
export const SAMPLE_ORDER_NAME = 'Volvo XC60 2026';

/**
 * The files a delivery would write for a sample order: positions 1 to N of a sample guide
 * (12, or up to the highest position the rules name), named by the pattern.
 */
export function previewFiles(rules: OutputRules): string[] {
  const last = Math.max(SAMPLE_ANGLES.length, ...rules.positions);
  const pictures = Array.from({ length: last }, (_, i) => ({ position: i + 1, angleName: SAMPLE_ANGLES[i] ?? null }));
  return planDeliveryFiles(rules, SAMPLE_ORDER_NAME, pictures).map((f) => f.name);
}

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '');
const folder = (path: unknown) => `/${text(path).split('/').filter(Boolean).join('/')}`;

/**
 * Where the integration delivers, in the words a delivery's receipt uses (`ftp://host:21/path`,
 * the container or bucket, the endpoint), from its settings; null when its required settings
 * are not there yet, undefined for a type that has no destination to set (robots pull).
 * Never shows a secret: an account URL loses its query (a SAS).
 */
export function integrationDestination(integration: Pick<IntegrationView, 'provider' | 'settings'>): string | null | undefined {
  const s = integration.settings ?? {};
  const type = providerInfo(integration.provider)?.integrationType;
  if (type === 'FTP') return text(s.host) ? `${s.secure === true ? 'ftps' : 'ftp'}://${text(s.host)}:${text(s.port) || '21'}${folder(s.path)}` : null;
  if (integration.provider === 'AZURE_BLOB') {
    if (!text(s.container)) return null;
    const account = text(s.accountUrl).split('?')[0]!.replace(/\/+$/, '');
    return `${account ? `${account}/` : ''}${text(s.container)}${text(s.pathPrefix) ? folder(s.pathPrefix) : ''}`;
  }
  if (integration.provider === 'S3_BUCKET') {
    return text(s.endpoint) && text(s.bucket) ? `${text(s.endpoint).replace(/\/+$/, '')}/${text(s.bucket)}${text(s.prefix) ? folder(s.prefix) : ''}` : null;
  }
  if (integration.provider === 'SHAREPOINT') return text(s.tenantId) && text(s.driveId) ? `SharePoint ${text(s.tenantId)} / ${text(s.driveId)}${folder(s.path)}` : null;
  if (type === 'API' || type === 'REMOTE_INTEGRATION') return text(s.endpointUrl) || null;
  return undefined;
}
