import { Routes } from '@app/contracts/http';
import type { IntegrationSettings, OutputRules } from '@app/contracts/wire';
import { queryOptions } from '@tanstack/react-query';
import { api } from './client';

/** The remote integrations of an account (delivery targets); passwords are never sent back. */
export const integrationsApi = {
  providers: (signal?: AbortSignal) => api.call(Routes.integrations.providers, { signal }),
  ofUser: (userId: string, signal?: AbortSignal) => api.call(Routes.integrations.ofUser, { params: { userId }, signal }),
  create: (body: { provider: string; isActive: boolean; autoDeliver?: boolean; userId: string; Username?: string; Password?: string }) =>
    api.call(Routes.integrations.create, { body }),
  /** the fields it changes: `isActive`, `autoDeliver`, the credentials (an empty password keeps the stored one), or the settings and output rules */
  update: (
    id: string,
    body: { isActive?: boolean; autoDeliver?: boolean; Username?: string | null; Password?: string | null; settings?: IntegrationSettings; outputRules?: OutputRules },
  ) => api.call(Routes.integrations.update, { params: { id }, body }),
  /** connects with the stored settings and credentials; answers what failed in words */
  testConnection: (id: string) => api.call(Routes.integrations.testConnection, { params: { id } }),
  remove: (id: string) => api.call(Routes.integrations.delete, { params: { id } }),
};

/** TanStack Query keys of integrations: [resource, action, params]. */
export const integrationKeys = {
  all: () => ['integrations'] as const,
  providers: () => ['integrations', 'providers'] as const,
  ofUser: (userId: string) => ['integrations', 'of-user', { userId }] as const,
};

/** Query options of the integrations reads. */
export const integrationQueries = {
  providers: () => queryOptions({ queryKey: integrationKeys.providers(), queryFn: ({ signal }) => integrationsApi.providers(signal) }),
  ofUser: (userId: string) => queryOptions({ queryKey: integrationKeys.ofUser(userId), queryFn: ({ signal }) => integrationsApi.ofUser(userId, signal) }),
};
