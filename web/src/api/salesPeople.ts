import type { CreateSalesPeopleRequest, SalesPersonRequest, SalesPersonView } from '@app/contracts/wire';
import { api } from './client';

export const salesPeopleApi = {
  /**
   * `POST /api/salesman` (admin, or a dealership with CREATE_SALESMAN; not a signed-in sales
   * person): adds sales people to the dealership account `userId`; answers the created ones.
   * 409 for an e-mail the account already has, 400 for a bad body or a non-dealership account.
   */
  add: (userId: string, people: SalesPersonRequest[]) =>
    api.post<SalesPersonView[]>('/salesman', { userId, salesMan: people } satisfies CreateSalesPeopleRequest),
};

/** TanStack Query keys of sales people: [resource, action, params]. */
export const salesPeopleKeys = {
  all: () => ['salesmen'] as const,
  ofAccount: (accountId: string) => ['salesmen', 'list', { accountId }] as const,
};
