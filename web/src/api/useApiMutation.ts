import { useMutation, type UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../components/toast/toast';
import { isApiError, NO_RESPONSE } from './client';

export type MutationToast =
  | { kind: 'success'; key: 'toast.actionSuccess' }
  | { kind: 'error'; key: 'toast.actionError' }
  | { kind: 'error'; key: 'toast.internalServerError' }
  | { kind: 'warning'; key: 'toast.missingPermissions' };

/**
 * The toast of a named write, by the status of its answer: 2xx a success, 4xx an error with
 * the server's message, 5xx the spec's "Internal server error!" (the server failed: not a
 * matter of permissions), any other status (no answer at all) the missing-permissions toast.
 */
export function mutationToast(status: number): MutationToast {
  if (status >= 200 && status < 300) return { kind: 'success', key: 'toast.actionSuccess' };
  if (status >= 400 && status < 500) return { kind: 'error', key: 'toast.actionError' };
  if (status >= 500 && status < 600) return { kind: 'error', key: 'toast.internalServerError' };
  return { kind: 'warning', key: 'toast.missingPermissions' };
}

export interface ApiMutationOptions<TData, TVariables> {
  mutationFn: (variables: TVariables) => Promise<TData>;
  /** names the write for `useMutationState` elsewhere on the screen */
  mutationKey?: readonly unknown[];
  /**
   * What the user did, already translated: "Save account" → "Save account - Successfully".
   * Without it the toasts are the spec's plain ones ("Success", "Internal server error!"), or
   * none with `quiet`. A function when one call does more than one thing ("Approve image" or
   * "Mark for editing").
   */
  action?: string | ((variables: TVariables) => string) | undefined;
  /** the success toast's text when it is not "{action} - Successfully" ("Status updated", "Image marked for editing") */
  successMessage?: string | ((variables: TVariables) => string);
  /** the error toast's text of any failure, when the spec gives the write one ("Error deleting style guide - {message}") */
  errorMessage?: string | ((error: Error, variables: TVariables) => string);
  /**
   * The screen tells the outcome itself (sign-in, the push form's alert): no toast. Otherwise a
   * write without an `action` gets the spec's plain toasts: "Success", and on a failure the
   * server's refusal (4xx) or "Internal server error!".
   */
  quiet?: boolean;
  /** the screen shows a refusal (4xx) itself, on a field or above the form: a write without an `action` toasts none for it */
  refusalsShown?: boolean;
  onSuccess?: (data: TData, variables: TVariables) => void | Promise<unknown>;
  onError?: (error: Error, variables: TVariables) => void;
}

/** `useMutation` with the product's toasts (named by `action`, the spec's plain ones without, none when `quiet`). */
export function useApiMutation<TData, TVariables = void>(
  options: ApiMutationOptions<TData, TVariables>,
): UseMutationResult<TData, Error, TVariables> {
  const { t } = useTranslation();
  return useMutation<TData, Error, TVariables>({
    ...(options.mutationKey ? { mutationKey: options.mutationKey } : {}),
    mutationFn: options.mutationFn,
    onSuccess: async (data, variables) => {
      if (!options.quiet) {
        const action = typeof options.action === 'function' ? options.action(variables) : options.action;
        const success = typeof options.successMessage === 'function' ? options.successMessage(variables) : options.successMessage;
        toast.success(success ?? (action === undefined ? t('toast.success') : t('toast.actionSuccess', { action })));
      }
      await options.onSuccess?.(data, variables);
    },
    onError: (error, variables) => {
      if (!options.quiet) {
        const action = typeof options.action === 'function' ? options.action(variables) : options.action;
        const outcome = mutationToast(isApiError(error) ? error.statusCode : NO_RESPONSE);
        if (options.errorMessage !== undefined) {
          toast.error(typeof options.errorMessage === 'function' ? options.errorMessage(error, variables) : options.errorMessage);
        } else if (outcome.key === 'toast.internalServerError') toast.error(t('toast.internalServerError'));
        else if (action === undefined) {
          if (outcome.key !== 'toast.actionError') toast.error(t('toast.internalServerError'));
          else if (!options.refusalsShown) toast.error(error.message);
        }
        else if (outcome.key === 'toast.actionError') toast.error(t('toast.actionError', { action, message: error.message }));
        else toast.warning(t('toast.missingPermissions', { action }));
      }
      options.onError?.(error, variables);
    },
  });
}
