import { api } from './client';

/**
 * Wire types and calls of sales people (libs/contracts/src/users/sales-people.contract.ts),
 * mirrored: the browser bundle does not import the contracts. Only what the web app reads.
 */

export type SalesPersonStatus = 'CONFIRMED' | 'FORCE_CHANGE_PASSWORD';

/** A sales person as the gateway answers it. */
export interface SalesPersonView {
  id: string;
  /** the dealership account it belongs to */
  userId: string;
  name: string;
  email: string;
  phone: string;
  /** has a login of its own (once an admin activates it), signing in with its e-mail */
  loginActivated: boolean;
  userStatus: SalesPersonStatus | null;
  createdAt: string;
  updatedAt: string;
}

/** A sales person as entered: name of 3+, a plain e-mail, a phone (see features/sales-people/salesPersonRules.ts). */
export interface SalesPersonInput {
  name: string;
  email: string;
  phone: string;
}

export const salesPeopleApi = {
  /**
   * `POST /api/salesman` (admin, or a dealership with CREATE_SALESMAN; not a signed-in sales
   * person): adds sales people to the dealership account `userId`; answers the created ones.
   * 409 for an e-mail the account already has, 400 for a bad body or a non-dealership account.
   */
  add: (userId: string, people: SalesPersonInput[]) => api.post<SalesPersonView[]>('/salesman', { userId, salesMan: people }),
};

/** TanStack Query keys of sales people: [resource, action, params]. */
export const salesPeopleKeys = {
  all: () => ['salesmen'] as const,
  ofAccount: (accountId: string) => ['salesmen', 'list', { accountId }] as const,
};
