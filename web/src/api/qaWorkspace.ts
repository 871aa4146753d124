import type { OrderView, QaEditorDecision, QaTaskRole, QaTaskState, QaWorkLists } from '@app/contracts/wire';
import { api } from './client';

/** Calls of the QA work lists (`/editing-page`): the lists of a role, picking, releasing, the editor's task. */
export const qaWorkspaceApi = {
  /** `GET /orders/editor/{id}` or `GET /orders/coordinator/{id}`: the QA account's own and the unassigned orders */
  lists: (role: QaTaskRole, userId: string, signal?: AbortSignal) => api.get<QaWorkLists>(`/orders/${role}/${userId}`, { signal }),
  pick: (orderId: string, role: QaTaskRole) => api.post<OrderView>(`/orders/${orderId}/qa/pick`, { role }),
  release: (orderId: string, role: QaTaskRole) => api.delete<OrderView>(`/orders/${orderId}/qa/pick`, { query: { role } }),
  taskState: (orderId: string, state: QaTaskState) => api.put<OrderView>(`/orders/${orderId}/qa/task`, { state }),
  /** the editor's decision on its order: send to edit, approve, or cancel the edition (approves) */
  decide: (orderId: string, decision: QaEditorDecision) => api.put<OrderView>(`/orders/${orderId}/qa/decision`, { decision }),
};

/** TanStack Query keys of the QA work lists: [resource, action, params]; `all()` is their prefix. */
export const qaWorkspaceKeys = {
  all: () => ['qa-workspace'] as const,
  lists: (role: QaTaskRole, userId: string) => ['qa-workspace', 'lists', { role, userId }] as const,
};
