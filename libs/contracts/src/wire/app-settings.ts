/** How an app setting's text value is read. */
export const APP_SETTING_VALUE_TYPES = ['boolean', 'string', 'date', 'number'] as const;
export type AppSettingValueType = (typeof APP_SETTING_VALUE_TYPES)[number];

/** What a setting is about (null: a setting of the web app, the contact settings among them). */
export const APP_SETTING_CATEGORIES = ['ANGLE_CORRECTOR', 'DEFAULT_ZOOM'] as const;
export type AppSettingCategory = (typeof APP_SETTING_CATEGORIES)[number];

/** One value, or a list of values of the valueType (kept as text, separated by commas). */
export const APP_SETTING_TYPES = ['SINGLE_VALUE', 'MULTI_VALUE'] as const;
export type AppSettingType = (typeof APP_SETTING_TYPES)[number];

/** The form of a setting's name: upper-case letters, digits and underscores, a letter first. */
export const APP_SETTING_NAME_PATTERN = /^[A-Z][A-Z0-9_]{0,63}$/;
export const APP_SETTING_VALUE_MAX_LENGTH = 500;

/**
 * Names the product reads. The contact settings feed the web app's footer; more settings
 * (boolean toggles and the like) join with the admin screen that edits them.
 */
export const APP_SETTING_NAMES = {
  contactNumberInt: 'CONTACT_NUMBER_INT',
  contactNumberDk: 'CONTACT_NUMBER_DK',
  contactEmail: 'CONTACT_EMAIL',
  /** hours QA has to answer a dealership's re-edit request (a number, default 4) */
  reEditDueHours: 'RE_EDIT_DUE_HOURS',
} as const;


/** `POST /appSettings` (admin): a new setting; its value must read as the valueType */
export interface CreateAppSettingRequest {
  name: string;
  value: string;
  valueType: AppSettingValueType;
  category?: AppSettingCategory | null;
  settingType?: AppSettingType;
}

/** `PUT /appSettings/{name}` (admin): the value as text, read by the setting's valueType */
export interface UpdateAppSettingRequest {
  value: string;
}

export const APP_SETTING_MESSAGES = {
  notFound: 'App setting not found',
  exists: (name: string) => `An app setting named ${name} already exists`,
  wrongName: 'name is not valid: use upper-case letters, digits and underscores, starting with a letter (CONTACT_EMAIL)',
  wrongValue: (name: string, type: AppSettingValueType) =>
    `${name} takes ${type === 'boolean' ? 'true or false' : type === 'number' ? 'a number' : type === 'date' ? 'a date (YYYY-MM-DD)' : 'text'}`,
  wrongValues: (name: string, type: AppSettingValueType) =>
    `${name} takes a list of ${type === 'boolean' ? 'true or false' : type === 'number' ? 'numbers' : type === 'date' ? 'dates (YYYY-MM-DD)' : 'texts'} separated by commas`,
} as const;

/** The items of a MULTI_VALUE setting's text: separated by commas, each trimmed. */
export function settingValueItems(value: string): string[] {
  return value.split(',').map((v) => v.trim());
}

/**
 * The value as it is kept: text as given (trimmed), other types trimmed and in lower case; a
 * list's items trimmed and joined by ", ". Null when it does not read as the type (a list
 * needs at least one item and no empty one).
 */
export function normaliseSettingValue(value: string, type: AppSettingValueType, settingType: AppSettingType = 'SINGLE_VALUE'): string | null {
  const one = (v: string) => (type === 'string' ? v.trim() : v.trim().toLowerCase());
  if (settingType === 'MULTI_VALUE') {
    const items = settingValueItems(value).map(one);
    return items.every((v) => v !== '' && isValidSettingValue(v, type)) ? items.join(', ') : null;
  }
  const v = one(value);
  return isValidSettingValue(v, type) ? v : null;
}

/** Whether a text value reads as the setting's type. */
export function isValidSettingValue(value: string, type: AppSettingValueType): boolean {
  switch (type) {
    case 'boolean':
      return value === 'true' || value === 'false';
    case 'number':
      return value.trim() !== '' && Number.isFinite(Number(value));
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) && new Date(value).toISOString().startsWith(value);
    default:
      return true;
  }
}
