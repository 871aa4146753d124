import { useMutation, type UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../components/toast/toast';
import { isApiError, NO_RESPONSE } from './client';

export type MutationToast =
  | { kind: 'success'; key: 'toast.actionSuccess' }
  | { kind: 'error'; key: 'toast.actionError' }
  | { kind: 'warning'; key: 'toast.missingPermissions' };

/**
 * The toast of a write, by the status of its answer: 2xx a success, 4xx an
 * error with the server's message, any other status (5xx, no answer) the missing-permissions
 * toast.
 */
export function mutationToast(status: number): MutationToast {
  if (status >= 200 && status < 300) return { kind: 'success', key: 'toast.actionSuccess' };
  if (status >= 400 && status < 500) return { kind: 'error', key: 'toast.actionError' };
  return { kind: 'warning', key: 'toast.missingPermissions' };
}

export interface ApiMutationOptions<TData, TVariables> {
  mutationFn: (variables: TVariables) => Promise<TData>;
  /** names the write for `useMutationState` elsewhere on the screen */
  mutationKey?: readonly unknown[];
  /**
   * What the user did, already translated: "Save account" → "Save account - Successfully".
   * Without it no toast shows: the screen tells the outcome itself (sign-in, the order creator).
   * A function when one call does more than one thing ("Approve image" or "Mark for editing").
   */
  action?: string | ((variables: TVariables) => string) | undefined;
  /** the success toast's text when it is not "{action} - Successfully" ("Status updated", "Image marked for editing") */
  successMessage?: string | ((variables: TVariables) => string);
  onSuccess?: (data: TData, variables: TVariables) => void | Promise<unknown>;
  onError?: (error: Error, variables: TVariables) => void;
}

/** `useMutation` with the product's toasts (when an `action` names the write). */
export function useApiMutation<TData, TVariables = void>(
  options: ApiMutationOptions<TData, TVariables>,
): UseMutationResult<TData, Error, TVariables> {
  const { t } = useTranslation();
  return useMutation<TData, Error, TVariables>({
    ...(options.mutationKey ? { mutationKey: options.mutationKey } : {}),
    mutationFn: options.mutationFn,
    onSuccess: async (data, variables) => {
      const action = typeof options.action === 'function' ? options.action(variables) : options.action;
      const success = typeof options.successMessage === 'function' ? options.successMessage(variables) : options.successMessage;
      if (action !== undefined) toast.success(success ?? t('toast.actionSuccess', { action }));
      await options.onSuccess?.(data, variables);
    },
    onError: (error, variables) => {
      const action = typeof options.action === 'function' ? options.action(variables) : options.action;
      if (action !== undefined) {
        const outcome = mutationToast(isApiError(error) ? error.statusCode : NO_RESPONSE);
        if (outcome.kind === 'error') toast.error(t('toast.actionError', { action, message: error.message }));
        else toast.warning(t('toast.missingPermissions', { action }));
      }
      options.onError?.(error, variables);
    },
  });
}
