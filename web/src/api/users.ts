import { api } from './client';
import type { Me } from './types';

export const usersApi = {
  /** `PUT /api/users/{id}`: an account may change its own language. */
  setLanguage: (userId: string, language: string) => api.put<Me>(`/users/${userId}`, { language }),
};

/** TanStack Query keys of accounts: [resource, action, params]. */
export const userKeys = {
  all: () => ['users'] as const,
  lists: () => ['users', 'list'] as const,
  /** the dealership and management accounts an admin may create orders for, by search */
  accounts: (search: string) => ['users', 'list', { userRole: ['Dealership', 'Management'], search }] as const,
};
