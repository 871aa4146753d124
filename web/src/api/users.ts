import { Routes } from '@app/contracts/http';
import type { CreateAccountRequest, Language, UpdateUserRequest } from '@app/contracts/wire';
import { queryOptions } from '@tanstack/react-query';
import { api } from './client';

export const usersApi = {
  /** `GET /api/users/{id}`: one account with its style guides and sales people, if the caller may read it (404 otherwise). */
  get: (id: string, signal?: AbortSignal) => api.call(Routes.users.get, { params: { id }, signal }),
  /** `PUT /api/users/{id}`: an account may change its own language. */
  setLanguage: (userId: string, language: Language) => api.call(Routes.users.update, { params: { id: userId }, body: { language } }),
  /** `POST /api/users/createAccountWithoutCognito`: the users service mails the temporary password. */
  create: (body: CreateAccountRequest) => api.call(Routes.users.create, { body }),
  /** `PUT /api/users/{id}` */
  update: (id: string, body: UpdateUserRequest) => api.call(Routes.users.update, { params: { id }, body }),
  // the account pages of admin and QA (`/profile/{id}`): its numbers, its child accounts, deleting it
  /** `GET /dashboard/userStatistics/{id}`: the profile header's numbers (the dashboard's operation) */
  statistics: (id: string, signal?: AbortSignal) => api.call(Routes.dashboard.userStatistics, { params: { id }, signal }),
  /** `GET /users`: a page of the accounts list, with its filters */
  list: (query: Record<string, string | number | undefined>, signal?: AbortSignal) => api.call(Routes.users.list, { query, signal }),
  /** `GET /users/customers`: a page of the dealerships with their order counts */
  customers: (query: Record<string, string | number | undefined>, signal?: AbortSignal) => api.call(Routes.users.customers, { query, signal }),
  /** a page of the accounts that may become child accounts (dealerships), by search */
  dealerships: (page: number, search: string, signal?: AbortSignal) =>
    api.call(Routes.users.list, { query: { userRole: 'Dealership', page, search: search.trim() || undefined }, signal }),
  /** the accounts of one role an admin picks from (the order creator, filters), by search */
  accounts: (userRole: 'Dealership' | 'Management', search: string, signal?: AbortSignal) =>
    api.call(Routes.users.list, { query: { userRole, search: search.trim() || undefined }, signal }),
  children: (id: string, signal?: AbortSignal) => api.call(Routes.users.childAccountsData, { params: { id }, signal }),
  /** replaces the child accounts of a management account */
  setChildren: (id: string, childAccounts: string[]) => api.call(Routes.users.setChildAccounts, { params: { id }, body: { childAccounts } }),
  /** `POST /api/users/resend-temporary-password`: a new temporary password for an account that has not chosen its own (admin) */
  resendInvitation: (email: string) => api.call(Routes.users.resendTemporaryPassword, { body: { email } }),
  /** the admin types the account's deleteConfirmationHash */
  remove: (userId: string, hash: string) => api.call(Routes.users.deleteAccount, { body: { userId, hash } }),
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

/**
 * Query options of the accounts reads: the key and the fetch written together
 * (`useQuery({ ...userQueries.one(id), enabled })`).
 */
export const userQueries = {
  one: (id: string) => queryOptions({ queryKey: userKeys.one(id), queryFn: ({ signal }) => usersApi.get(id, signal) }),
  /** the child accounts of an account, with their data */
  children: (id: string) => queryOptions({ queryKey: userKeys.children(id), queryFn: ({ signal }) => usersApi.children(id, signal) }),
};
