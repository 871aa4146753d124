import { useRef, useState } from 'react';
import { isApiError, type ApiError } from '../../api/client';
import { useApiMutation } from '../../api/useApiMutation';
import { hasErrors, type FieldErrors } from '../../utils/fieldError';
import { focusFirstInvalid } from './focusFirstInvalid';
import { useFieldErrorText } from './useFieldErrorText';

/** When a field's error first shows: after the first submit (always), once the field is left, or once it is edited or left. */
export type ShowErrors = 'submit' | 'blur' | 'change';

export interface UseFormOptions<V, TData, TExtra> {
  initialValues: V;
  /** the form's rules, pure functions of the area's logic file: each field's error */
  validate?: (values: V) => FieldErrors<V>;
  /** the write; `extra` is what `handleSubmit(extra)` was given (which button sent the form) */
  mutationFn: (values: V, extra: TExtra) => Promise<TData>;
  /** names the write in the toasts of `useApiMutation` ("Save angle - Successfully"); without it the spec's plain "Success" */
  action?: string;
  /** the success toast's text when it is not "{action} - Successfully" ("Integration updated") */
  successMessage?: string;
  /** the error toast's text of any failure, when the spec gives one ("Error deleting style guide - {message}") */
  errorMessage?: (error: Error) => string;
  /** the form tells the outcome itself (sign-in, its alert): no toast */
  quiet?: boolean;
  onSuccess?: (data: TData, values: V, extra: TExtra) => void | Promise<unknown>;
  onError?: (error: Error, values: V) => void;
  /** the field whose error a refusal of the server shows (its message), e.g. a 409 on the name; otherwise the message is `formError` */
  serverErrorField?: (error: ApiError) => keyof V | undefined;
  /** 'submit' unless told otherwise */
  showErrors?: ShowErrors;
  /** asked at each submit: false while something besides the fields is missing (photos, …); the submit then shows the errors and sends nothing */
  canSubmit?: () => boolean;
}

/** The keys of `V` whose values are text: what `field()` binds to a text field or select. */
export type TextKey<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V];

type Touched<V> = ReadonlySet<keyof V> | 'all';
type ServerErrors<V> = Partial<Record<keyof V, string>>;

/**
 * The one form hook. It holds the values, checks them with the form's rules, shows a field's
 * error once it counts as touched (see `showErrors`; a submit touches them all), sends a valid
 * form through `useApiMutation` (its toasts, none when `quiet`), ignores a submit while
 * one is on its way, and after a refused submit focuses the first invalid field. A refusal of
 * the server shows its message on a field (`serverErrorField`) or as `formError`; changing a
 * field or submitting again clears it.
 *
 * ```tsx
 * const form = useForm({ initialValues: { email: '' }, validate: (v) => ({ email: emailError(v.email) }), mutationFn: (v) => api.send(v.email), action: t('…') });
 * <form ref={form.ref} noValidate onSubmit={form.handleSubmit()}>
 *   <FormField {...form.field('email', t('fields.email'))} required />
 *   <SubmitButton busy={form.busy}>{t('…')}</SubmitButton>
 * </form>
 * ```
 */
export function useForm<V extends object, TData = unknown, TExtra = void>(options: UseFormOptions<V, TData, TExtra>) {
  const { validate, serverErrorField, showErrors = 'submit', canSubmit } = options;
  const [initial] = useState(options.initialValues);
  const [values, setAll] = useState<V>(initial);
  const [touched, setTouched] = useState<Touched<V>>(() => new Set());
  const [serverErrors, setServerErrors] = useState<ServerErrors<V>>({});
  const [formError, setFormError] = useState<string | undefined>();
  const ref = useRef<HTMLFormElement>(null);
  const errorText = useFieldErrorText();

  const mutation = useApiMutation<TData, { values: V; extra: TExtra }>({
    action: options.action,
    ...(options.successMessage !== undefined ? { successMessage: options.successMessage } : {}),
    ...(options.errorMessage !== undefined ? { errorMessage: options.errorMessage } : {}),
    ...(options.quiet ? { quiet: true } : {}),
    // a refusal shows on its field or above the form (formError): not a second time in a toast
    refusalsShown: true,
    mutationFn: ({ values: sent, extra }) => options.mutationFn(sent, extra),
    onSuccess: (data, { values: sent, extra }) => options.onSuccess?.(data, sent, extra),
    onError: (error, { values: sent }) => {
      const field = isApiError(error) ? serverErrorField?.(error) : undefined;
      if (field !== undefined) setServerErrors({ [field]: error.message } as ServerErrors<V>);
      else setFormError(error.message);
      options.onError?.(error, sent);
    },
  });

  const errors: FieldErrors<V> = validate?.(values) ?? {};
  const isTouched = (name: keyof V) => touched === 'all' || touched.has(name);

  const touch = (name: keyof V) => setTouched((s) => (s === 'all' || s.has(name) ? s : new Set(s).add(name)));
  const clearServerMessages = () => {
    setServerErrors((s) => (Object.keys(s).length ? {} : s));
    setFormError(undefined);
  };
  /** Sets some values at once (a choice that resets others); the server's messages no longer apply. */
  const setValues = (update: (current: V) => V) => {
    setAll(update);
    clearServerMessages();
  };
  const setValue = <K extends keyof V>(name: K, value: V[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    if (showErrors === 'change') touch(name);
  };

  /** The message a field shows: the server's for it, else its rule's once touched. */
  const error = (name: keyof V, label: string): string | undefined => serverErrors[name] ?? (isTouched(name) ? errorText(errors[name], label) : undefined);

  /** The props of a `FormField` (text field or select) bound to a text value. */
  const field = <K extends TextKey<V>>(name: K, label: string) => ({
    label,
    value: values[name] as string,
    onChange: (event: { target: { value: string } }) => setValue(name, event.target.value as V[K]),
    onBlur: () => {
      if (showErrors !== 'submit') touch(name);
    },
    error: error(name, label),
  });

  /** Checks and sends the form: `onSubmit={form.handleSubmit()}`, or a second button's `onClick={form.handleSubmit(extra)}`. */
  const handleSubmit =
    (...[extra]: TExtra extends void ? [] : [TExtra]) =>
    (event?: { preventDefault(): void }) => {
      event?.preventDefault();
      setTouched('all');
      if (mutation.isPending) return;
      clearServerMessages();
      if (canSubmit && !canSubmit()) return;
      if (hasErrors(errors)) {
        // the last answer of the server no longer applies
        mutation.reset();
        focusFirstInvalid(ref.current);
        return;
      }
      mutation.mutate({ values, extra: extra as TExtra });
    };

  /** Back to `next` (or the first values), nothing touched, no answer of the server. */
  const reset = (next: V = initial) => {
    setAll(next);
    setTouched(new Set());
    clearServerMessages();
    mutation.reset();
  };

  return {
    /** for the `<form>` element: where the first invalid field is looked for */
    ref,
    values,
    setValue,
    setValues,
    field,
    error,
    touch,
    /** every rule's error, shown or not (a button that waits for a valid e-mail) */
    errors,
    invalid: hasErrors(errors),
    /** the server's message of a failed submit that is on no field */
    formError,
    handleSubmit,
    /** the write is on its way */
    busy: mutation.isPending,
    /** the write succeeded (the screen may be about to move on) */
    succeeded: mutation.isSuccess,
    reset,
  };
}
