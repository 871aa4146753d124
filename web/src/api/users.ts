import type { Language, MeView, UpdateUserRequest } from '@app/contracts/wire';
import { api } from './client';

export const usersApi = {
  /** `PUT /api/users/{id}`: an account may change its own language. */
  setLanguage: (userId: string, language: Language) => api.put<MeView>(`/users/${userId}`, { language } satisfies UpdateUserRequest),
};

/** TanStack Query keys of accounts: [resource, action, params]. */
export const userKeys = {
  all: () => ['users'] as const,
  lists: () => ['users', 'list'] as const,
  /** the dealership and management accounts an admin may create orders for, by search */
  accounts: (search: string) => ['users', 'list', { userRole: ['Dealership', 'Management'], search }] as const,
};
