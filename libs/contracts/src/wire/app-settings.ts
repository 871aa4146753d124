/** How an app setting's text value is read. */
export const APP_SETTING_VALUE_TYPES = ['boolean', 'string', 'date', 'number'] as const;
export type AppSettingValueType = (typeof APP_SETTING_VALUE_TYPES)[number];

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

/** One setting as every signed-in user reads it: the value is text, `valueType` says how to read it. */
export interface AppSettingView {
  name: string;
  value: string;
  valueType: AppSettingValueType;
}

/** `PUT /appSettings/{name}` (admin): the value as text, read by the setting's valueType */
export interface UpdateAppSettingRequest {
  value: string;
}

export const APP_SETTING_MESSAGES = {
  notFound: 'App setting not found',
  wrongValue: (name: string, type: AppSettingValueType) =>
    `${name} takes ${type === 'boolean' ? 'true or false' : type === 'number' ? 'a number' : type === 'date' ? 'a date (YYYY-MM-DD)' : 'text'}`,
} as const;

/** Whether a text value reads as the setting's type. */
export function isValidSettingValue(value: string, type: AppSettingValueType): boolean {
  switch (type) {
    case 'boolean':
      return value === 'true' || value === 'false';
    case 'number':
      return value.trim() !== '' && Number.isFinite(Number(value));
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));
    default:
      return true;
  }
}
