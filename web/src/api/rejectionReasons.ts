import type { RejectionReasonRow, RejectionReasonsRequest } from '@app/contracts/wire';
import { api } from './client';

/** `GET /dashboard/rejection-reasons?from&to` (admin and QA): QA declines and re-edit requests per style guide and reason. */
export const rejectionReasonsApi = {
  list: (query: RejectionReasonsRequest, signal?: AbortSignal) =>
    api.get<RejectionReasonRow[]>('/dashboard/rejection-reasons', { query: { from: query.from, to: query.to }, signal }),
};

/** TanStack Query keys of the rejection reasons: [resource, action, params]. */
export const rejectionReasonKeys = {
  all: () => ['rejection-reasons'] as const,
  list: (query: RejectionReasonsRequest) => ['rejection-reasons', 'list', query] as const,
};
