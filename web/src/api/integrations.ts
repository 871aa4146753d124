import type { IntegrationSettings, IntegrationView, OutputRules, ProviderView, TestConnectionResult } from '@app/contracts/wire';
import { api } from './client';

/** The remote integrations of an account (delivery targets); passwords are never sent back. */
export const integrationsApi = {
  providers: (signal?: AbortSignal) => api.get<ProviderView[]>('/remote-integration/providers', { signal }),
  ofUser: (userId: string, signal?: AbortSignal) => api.get<IntegrationView[]>(`/remote-integration/user/${userId}`, { signal }),
  create: (body: { provider: string; isActive: boolean; autoDeliver?: boolean; userId: string; Username?: string; Password?: string }) =>
    api.post<IntegrationView>('/remote-integration', body),
  /** the fields it changes: `isActive`, `autoDeliver`, the credentials (an empty password keeps the stored one), or the settings and output rules */
  update: (
    id: string,
    body: { isActive?: boolean; autoDeliver?: boolean; Username?: string | null; Password?: string | null; settings?: IntegrationSettings; outputRules?: OutputRules },
  ) => api.put<IntegrationView>(`/remote-integration/${id}`, body),
  /** connects with the stored settings and credentials; answers what failed in words */
  testConnection: (id: string) => api.post<TestConnectionResult>(`/remote-integration/${id}/test-connection`),
  remove: (id: string) => api.delete<{ deleted: true }>(`/remote-integration/${id}`),
};

/** TanStack Query keys of integrations: [resource, action, params]. */
export const integrationKeys = {
  all: () => ['integrations'] as const,
  providers: () => ['integrations', 'providers'] as const,
  ofUser: (userId: string) => ['integrations', 'of-user', { userId }] as const,
};
