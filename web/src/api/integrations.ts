import type { IntegrationView, ProviderView } from '@app/contracts/wire';
import { api } from './client';

/** The remote integrations of an account (delivery targets); passwords are never sent back. */
export const integrationsApi = {
  providers: (signal?: AbortSignal) => api.get<ProviderView[]>('/remote-integration/providers', { signal }),
  ofUser: (userId: string, signal?: AbortSignal) => api.get<IntegrationView[]>(`/remote-integration/user/${userId}`, { signal }),
  create: (body: { provider: string; isActive: boolean; userId: string; Username?: string; Password?: string }) =>
    api.post<IntegrationView>('/remote-integration', body),
  /** the fields it changes: `isActive`, or the credentials (an empty password keeps the stored one) */
  update: (id: string, body: { isActive?: boolean; Username?: string | null; Password?: string | null }) =>
    api.put<IntegrationView>(`/remote-integration/${id}`, body),
  remove: (id: string) => api.delete<{ deleted: true }>(`/remote-integration/${id}`),
};

/** TanStack Query keys of integrations: [resource, action, params]. */
export const integrationKeys = {
  all: () => ['integrations'] as const,
  providers: () => ['integrations', 'providers'] as const,
  ofUser: (userId: string) => ['integrations', 'of-user', { userId }] as const,
};
