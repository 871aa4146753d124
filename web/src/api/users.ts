import type { CreateAccountRequest, Language, MeView, UpdateUserRequest, UserView } from '@app/contracts/wire';
import { api } from './client';

export const usersApi = {
  /** `PUT /api/users/{id}`: an account may change its own language. */
  setLanguage: (userId: string, language: Language) => api.put<MeView>(`/users/${userId}`, { language } satisfies UpdateUserRequest),
  /** `GET /api/users/{id}`: one account (404 when the caller may not see it). */
  get: (id: string) => api.get<UserView>(`/users/${id}`),
  /** `POST /api/users/createAccountWithoutCognito`: the users service mails the temporary password. */
  create: (body: CreateAccountRequest) => api.post<UserView>('/users/createAccountWithoutCognito', body),
  /** `PUT /api/users/{id}` */
  update: (id: string, body: UpdateUserRequest) => api.put<UserView>(`/users/${id}`, body),
};

/** TanStack Query keys of accounts: [resource, action, params]. */
export const userKeys = {
  all: () => ['users'] as const,
  lists: () => ['users', 'list'] as const,
  /** the dealership and management accounts an admin may create orders for, by search */
  accounts: (search: string) => ['users', 'list', { userRole: ['Dealership', 'Management'], search }] as const,
  /** `GET /users/customers`: the dealerships with their order counts */
  customers: () => ['users', 'customers'] as const,
  one: (id: string) => ['users', 'get', { id }] as const,
};
