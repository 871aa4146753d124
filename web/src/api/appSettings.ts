import { Routes } from '@app/contracts/http';
import type { AppSettingView, CreateAppSettingRequest } from '@app/contracts/wire';
import { queryOptions } from '@tanstack/react-query';
import { api } from './client';

/** TanStack Query keys of the app settings: the list (the footer, the admin tab) and the admin tab's pages of it. */
export const appSettingsKeys = {
  list: () => ['appSettings', 'list', {}] as const,
  grid: () => ['appSettings', 'grid'] as const,
};

/** Query options of the settings list (the footer, the admin tab). */
export const appSettingsQueries = {
  list: () => queryOptions({ queryKey: appSettingsKeys.list(), queryFn: ({ signal }) => getAppSettings(signal) }),
};

export function getAppSettings(signal?: AbortSignal): Promise<AppSettingView[]> {
  return api.call(Routes.appSettings.list, { signal });
}

/** The value of a setting, or undefined when it is missing or empty. */
export function settingValue(settings: readonly AppSettingView[] | undefined, name: string): string | undefined {
  const value = settings?.find((s) => s.name === name)?.value.trim();
  return value ? value : undefined;
}

/** `PUT /api/appSettings/{name}` (admin only): the value as text, read by the setting's valueType; 400 names the expected form. */
export function updateAppSetting(name: string, value: string): Promise<AppSettingView> {
  return api.call(Routes.appSettings.update, { params: { name }, body: { value } });
}

/** `POST /api/appSettings` (admin only): a new setting; 400 names the form the value takes, 409 a name that is taken. */
export function createAppSetting(body: CreateAppSettingRequest): Promise<AppSettingView> {
  return api.call(Routes.appSettings.create, { body });
}
