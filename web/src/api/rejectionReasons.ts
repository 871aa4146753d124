import { Routes } from '@app/contracts/http';
import type { RejectionReasonsRequest } from '@app/contracts/wire';
import { queryOptions } from '@tanstack/react-query';
import { api } from './client';

/** `GET /dashboard/rejection-reasons?from&to` (admin and QA): QA declines and re-edit requests per style guide and reason. */
export const rejectionReasonsApi = {
  list: (query: RejectionReasonsRequest, signal?: AbortSignal) =>
    api.call(Routes.dashboard.rejectionReasons, { query: { from: query.from, to: query.to }, signal }),
};

/** TanStack Query keys of the rejection reasons: [resource, action, params]. */
export const rejectionReasonKeys = {
  all: () => ['rejection-reasons'] as const,
  list: (query: RejectionReasonsRequest) => ['rejection-reasons', 'list', query] as const,
};

/** Query options of the rejection reasons (`useQuery(rejectionReasonQueries.list({}))`). */
export const rejectionReasonQueries = {
  list: (query: RejectionReasonsRequest) =>
    queryOptions({ queryKey: rejectionReasonKeys.list(query), queryFn: ({ signal }) => rejectionReasonsApi.list(query, signal) }),
};
