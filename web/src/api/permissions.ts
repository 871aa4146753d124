import { Routes } from '@app/contracts/http';
import { queryOptions } from '@tanstack/react-query';
import { api } from './client';

/** The permission list and the permissions an account holds. */
export const permissionsApi = {
  list: (signal?: AbortSignal) => api.call(Routes.permissions.catalogue, { signal }),
  ofUser: (userId: string, signal?: AbortSignal) => api.call(Routes.permissions.forUser, { params: { id: userId }, signal }),
  /** replaces the account's permissions with these ids */
  set: (userId: string, ids: string[]) => api.call(Routes.permissions.setForUser, { params: { id: userId }, body: { permissions: ids } }),
};

/** TanStack Query keys of permissions: [resource, action, params]. */
export const permissionKeys = {
  all: () => ['permissions'] as const,
  list: () => ['permissions', 'list'] as const,
  ofUser: (userId: string) => ['permissions', 'of-user', { userId }] as const,
};

/** Query options of the permission reads. */
export const permissionQueries = {
  list: () => queryOptions({ queryKey: permissionKeys.list(), queryFn: ({ signal }) => permissionsApi.list(signal) }),
  ofUser: (userId: string) => queryOptions({ queryKey: permissionKeys.ofUser(userId), queryFn: ({ signal }) => permissionsApi.ofUser(userId, signal) }),
};
