import type { AppSettingView, CreateAppSettingRequest, UpdateAppSettingRequest } from '@app/contracts/wire';
import { api } from './client';

/** TanStack Query keys of the app settings: the list (the footer, the admin tab) and the admin tab's pages of it. */
export const appSettingsKeys = {
  list: () => ['appSettings', 'list', {}] as const,
  grid: () => ['appSettings', 'grid'] as const,
};

export function getAppSettings(signal?: AbortSignal): Promise<AppSettingView[]> {
  return api.get<AppSettingView[]>('/appSettings', { signal });
}

/** The value of a setting, or undefined when it is missing or empty. */
export function settingValue(settings: readonly AppSettingView[] | undefined, name: string): string | undefined {
  const value = settings?.find((s) => s.name === name)?.value.trim();
  return value ? value : undefined;
}

/** `PUT /api/appSettings/{name}` (admin only): the value as text, read by the setting's valueType; 400 names the expected form. */
export function updateAppSetting(name: string, value: string): Promise<AppSettingView> {
  return api.put<AppSettingView>(`/appSettings/${encodeURIComponent(name)}`, { value } satisfies UpdateAppSettingRequest);
}

/** `POST /api/appSettings` (admin only): a new setting; 400 names the form the value takes, 409 a name that is taken. */
export function createAppSetting(body: CreateAppSettingRequest): Promise<AppSettingView> {
  return api.post<AppSettingView>('/appSettings', body);
}
