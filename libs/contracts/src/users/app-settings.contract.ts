import { defineRpc } from '../rpc';

/** How an app setting's text value is read (spec section 3). */
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
} as const;

/** One setting as every signed-in user reads it: the value is text, `valueType` says how to read it. */
export interface AppSettingView {
  name: string;
  value: string;
  valueType: AppSettingValueType;
}

export const AppSettingsRpc = {
  list: defineRpc<Record<string, never>, AppSettingView[]>('users', 'app-settings.list', null),
};
