import type { ChildAccountView, CreateAccountRequest, Language, MeView, Paged, UpdateUserRequest, UserDetailView, UserListItem, UserStatisticsView, UserView } from '@app/contracts/wire';
import { api } from './client';

export const usersApi = {
  /** `GET /api/users/{id}`: one account with its style guides and sales people, if the caller may read it (404 otherwise). */
  get: (id: string, signal?: AbortSignal) => api.get<UserDetailView>(`/users/${id}`, { signal }),
  /** `PUT /api/users/{id}`: an account may change its own language. */
  setLanguage: (userId: string, language: Language) => api.put<MeView>(`/users/${userId}`, { language } satisfies UpdateUserRequest),
  /** `POST /api/users/createAccountWithoutCognito`: the users service mails the temporary password. */
  create: (body: CreateAccountRequest) => api.post<UserView>('/users/createAccountWithoutCognito', body),
  /** `PUT /api/users/{id}` */
  update: (id: string, body: UpdateUserRequest) => api.put<UserView>(`/users/${id}`, body),
  // the account pages of admin and QA (`/profile/{id}`): its numbers, its child accounts, deleting it
  /** `GET /dashboard/userStatistics/{id}`: the profile header's numbers */
  statistics: (id: string, signal?: AbortSignal) => api.get<UserStatisticsView>(`/dashboard/userStatistics/${id}`, { signal }),
  /** a page of the accounts that may become child accounts (dealerships), by search */
  dealerships: (page: number, search: string, signal?: AbortSignal) =>
    api.get<Paged<UserListItem>>('/users', { query: { userRole: 'Dealership', page, search: search.trim() || undefined }, signal }),
  children: (id: string, signal?: AbortSignal) => api.get<UserView[]>(`/users/get-child-accounts-data-by-user-id/${id}`, { signal }),
  /** replaces the child accounts of a management account */
  setChildren: (id: string, childAccounts: string[]) => api.put<ChildAccountView[]>(`/users/childAccounts/${id}`, { childAccounts }),
  /** `POST /api/users/resend-temporary-password`: a new temporary password for an account that has not chosen its own (admin) */
  resendInvitation: (email: string) => api.post<{ sent: true }>('/users/resend-temporary-password', { email }),
  /** the admin types the account's deleteConfirmationHash */
  remove: (userId: string, hash: string) => api.post<{ deleted: true }>('/users/delete-user-account', { userId, hash }),
};

/** TanStack Query keys of accounts: [resource, action, params]. */
export const userKeys = {
  all: () => ['users'] as const,
  lists: () => ['users', 'list'] as const,
  one: (id: string) => ['users', 'get', { id }] as const,
  /** the accounts of these roles an admin picks from (dealership and management unless told), by search */
  accounts: (search: string, userRole: readonly string[] = ['Dealership', 'Management']) => ['users', 'list', { userRole, search }] as const,
  statistics: (id: string) => ['users', 'statistics', { id }] as const,
  dealerships: () => ['users', 'list', { userRole: 'Dealership' }] as const,
  children: (id: string) => ['users', 'children', { id }] as const,
  /** `GET /users/customers`: the dealerships with their order counts */
  customers: () => ['users', 'customers'] as const,
};
