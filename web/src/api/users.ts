import type { Language, MeView, UpdateUserRequest, UserView } from '@app/contracts/wire';
import { api } from './client';

export const usersApi = {
  /** `GET /api/users/{id}`: one account, if the caller may read it (404 otherwise). */
  get: (id: string, signal?: AbortSignal) => api.get<UserView>(`/users/${id}`, { signal }),
  /** `PUT /api/users/{id}`: an account may change its own language. */
  setLanguage: (userId: string, language: Language) => api.put<MeView>(`/users/${userId}`, { language } satisfies UpdateUserRequest),
};

/** TanStack Query keys of accounts: [resource, action, params]. */
export const userKeys = {
  all: () => ['users'] as const,
  lists: () => ['users', 'list'] as const,
  one: (id: string) => ['users', 'get', { id }] as const,
  /** the accounts of these roles an admin picks from (dealership and management unless told), by search */
  accounts: (search: string, userRole: readonly string[] = ['Dealership', 'Management']) => ['users', 'list', { userRole, search }] as const,
};
