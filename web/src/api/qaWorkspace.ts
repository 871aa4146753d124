import { Routes } from '@app/contracts/http';
import type { QaEditorDecision, QaTaskRole, QaTaskState } from '@app/contracts/wire';
import { queryOptions } from '@tanstack/react-query';
import { api } from './client';

/** Calls of the QA work lists (`/editing-page`): the lists of a role, picking, releasing, the editor's task. */
export const qaWorkspaceApi = {
  /** `GET /orders/editor/{id}` or `GET /orders/coordinator/{id}`: the QA account's own and the unassigned orders */
  lists: (role: QaTaskRole, userId: string, signal?: AbortSignal) =>
    api.call(role === 'editor' ? Routes.qaWorkspace.editorLists : Routes.qaWorkspace.coordinatorLists, { params: { id: userId }, signal }),
  pick: (orderId: string, role: QaTaskRole) => api.call(Routes.qaWorkspace.pick, { params: { id: orderId }, body: { role } }),
  release: (orderId: string, role: QaTaskRole) => api.call(Routes.qaWorkspace.release, { params: { id: orderId }, query: { role } }),
  taskState: (orderId: string, state: QaTaskState) => api.call(Routes.qaWorkspace.taskState, { params: { id: orderId }, body: { state } }),
  /** the editor's decision on its order: send to edit, approve, or cancel the edition (approves) */
  decide: (orderId: string, decision: QaEditorDecision) => api.call(Routes.qaWorkspace.editorDecision, { params: { id: orderId }, body: { decision } }),
};

/** TanStack Query keys of the QA work lists: [resource, action, params]; `all()` is their prefix. */
export const qaWorkspaceKeys = {
  all: () => ['qa-workspace'] as const,
  lists: (role: QaTaskRole, userId: string) => ['qa-workspace', 'lists', { role, userId }] as const,
};

/** Query options of the QA work lists: the key and the fetch written together. */
export const qaWorkspaceQueries = {
  lists: (role: QaTaskRole, userId: string) =>
    queryOptions({ queryKey: qaWorkspaceKeys.lists(role, userId), queryFn: ({ signal }) => qaWorkspaceApi.lists(role, userId, signal) }),
};
