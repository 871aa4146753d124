import { api } from './client';
import type { AppSetting } from './types';

export const APP_SETTING = {
  contactNumberInt: 'CONTACT_NUMBER_INT',
  contactNumberDk: 'CONTACT_NUMBER_DK',
  contactEmail: 'CONTACT_EMAIL',
} as const;

/** TanStack Query keys of the app settings: the list (the footer, the admin tab) and the admin tab's pages of it. */
export const appSettingsKeys = {
  list: () => ['appSettings', 'list', {}] as const,
  grid: () => ['appSettings', 'grid'] as const,
};

export function getAppSettings(signal?: AbortSignal): Promise<AppSetting[]> {
  return api.get<AppSetting[]>('/appSettings', { signal });
}

/** The value of a setting, or undefined when it is missing or empty. */
export function settingValue(settings: readonly AppSetting[] | undefined, name: string): string | undefined {
  const value = settings?.find((s) => s.name === name)?.value.trim();
  return value ? value : undefined;
}

/** `PUT /api/appSettings/{name}` (admin only): the value as text, read by the setting's valueType; 400 names the expected form. */
export function updateAppSetting(name: string, value: string): Promise<AppSetting> {
  return api.put<AppSetting>(`/appSettings/${encodeURIComponent(name)}`, { value });
}
