import type { PermissionView } from '@app/contracts/wire';
import { api } from './client';

/** The permission list and the permissions an account holds. */
export const permissionsApi = {
  list: (signal?: AbortSignal) => api.get<PermissionView[]>('/permissions', { signal }),
  ofUser: (userId: string, signal?: AbortSignal) => api.get<PermissionView[]>(`/permissions/get-permissions-for-user-by-user-id/${userId}`, { signal }),
  /** replaces the account's permissions with these ids */
  set: (userId: string, ids: string[]) => api.put<PermissionView[]>(`/permissions/user/${userId}`, { permissions: ids }),
};

/** TanStack Query keys of permissions: [resource, action, params]. */
export const permissionKeys = {
  all: () => ['permissions'] as const,
  list: () => ['permissions', 'list'] as const,
  ofUser: (userId: string) => ['permissions', 'of-user', { userId }] as const,
};
