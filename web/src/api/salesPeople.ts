import { Routes } from '@app/contracts/http';
import type { SalesPersonRequest } from '@app/contracts/wire';
import { queryOptions } from '@tanstack/react-query';
import { api } from './client';

export const salesPeopleApi = {
  /**
   * `POST /api/salesman` (admin, or a dealership with CREATE_SALESMAN; not a signed-in sales
   * person): adds sales people to the dealership account `userId`; answers the created ones.
   * 409 for an e-mail the account already has, 400 for a bad body or a non-dealership account.
   */
  add: (userId: string, people: SalesPersonRequest[]) => api.call(Routes.salesPeople.create, { body: { userId, salesMan: people } }),
  /** `GET /api/salesman/{id}`: one sales person ("Sales person not found" when the caller may not see it). */
  get: (id: string, signal?: AbortSignal) => api.call(Routes.salesPeople.get, { params: { id }, signal }),
  /** `GET /api/salesman/user/{id}?page=`: the account's sales people, 10 a page, oldest first. */
  page: (accountId: string, page: number, signal?: AbortSignal) => api.call(Routes.salesPeople.page, { params: { id: accountId }, query: { page }, signal }),
  /** `PUT /api/salesman/{id}` (admin, or the dealership with UPDATE_SALESMAN): the saved sales person. */
  update: (id: string, patch: Partial<SalesPersonRequest>) => api.call(Routes.salesPeople.update, { params: { id }, body: patch }),
  /** `DELETE /api/salesman/{id}` (admin, or the dealership with DELETE_SALESMAN): its login goes with it. */
  remove: (id: string) => api.call(Routes.salesPeople.delete, { params: { id } }),
  /** `PUT /api/salesman/{id}/activate` (admin): a login of its own; the temporary password is e-mailed. */
  activate: (id: string) => api.call(Routes.salesPeople.activate, { params: { id } }),
  /** `GET /api/salesman/user/{id}/all`: every sales person of the account, by name (the pickers). */
  ofAccount: (accountId: string, signal?: AbortSignal) => api.call(Routes.salesPeople.all, { params: { id: accountId }, signal }),
  /** `PUT /api/salesman/{id}/resend-password` (admin): a new temporary password to one that has not chosen its own. */
  resendPassword: (id: string) => api.call(Routes.salesPeople.resendPassword, { params: { id } }),
};

/** TanStack Query keys of sales people: [resource, action, params]. */
export const salesPeopleKeys = {
  all: () => ['sales-people'] as const,
  ofAccount: (accountId: string) => ['sales-people', 'list', { accountId }] as const,
  one: (id: string) => ['sales-people', 'get', { id }] as const,
  /** the paged list of one account (`useDataGrid` adds the page) */
  pages: (accountId: string) => ['sales-people', 'page', { accountId }] as const,
};

/** Query options of the sales people reads (`useQuery({ ...salesPeopleQueries.ofAccount(id), enabled })`). */
export const salesPeopleQueries = {
  /** every sales person of the account, by name (the pickers) */
  ofAccount: (accountId: string) =>
    queryOptions({ queryKey: salesPeopleKeys.ofAccount(accountId), queryFn: ({ signal }) => salesPeopleApi.ofAccount(accountId, signal) }),
};
