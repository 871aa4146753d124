/**
 * Toasts. Two places on screen:
 * - `main`: bottom-right, auto-closes after 5001 ms; mutation results, tag toasts (2000 ms).
 * - `notice`: top-centre, auto-closes after 5000 ms; messages about the session that must
 *   survive the move to the sign-in page ("Your session cannot be refreshed…", "password
 *   changed").
 * The store lives outside React so the API client and navigation can raise toasts; the
 * `Toaster` renders them.
 */
export const TOAST_MS = 5000;
export const MAIN_TOAST_MS = 5001;
export const TAG_TOAST_MS = 2000;

export type ToastKind = 'success' | 'error' | 'warning' | 'info';
export type ToastPlacement = 'main' | 'notice';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  placement: ToastPlacement;
  duration: number;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let toasts: readonly Toast[] = [];
let nextId = 1;

function emit(): void {
  for (const listener of listeners) listener();
}

function show(kind: ToastKind, message: string, options: { placement?: ToastPlacement; duration?: number } = {}): number {
  const placement = options.placement ?? 'main';
  const duration = options.duration ?? (placement === 'main' ? MAIN_TOAST_MS : TOAST_MS);
  const id = nextId++;
  toasts = [...toasts, { id, kind, message, placement, duration }];
  emit();
  return id;
}

export const toastStore = {
  get: (): readonly Toast[] => toasts,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  dismiss(id: number): void {
    const next = toasts.filter((t) => t.id !== id);
    if (next.length === toasts.length) return;
    toasts = next;
    emit();
  },
  clear(): void {
    if (toasts.length === 0) return;
    toasts = [];
    emit();
  },
};

export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  warning: (message: string) => show('warning', message),
  info: (message: string) => show('info', message),
  /** "Tag added" and the like: bottom-right, 2 s. */
  tag: (message: string) => show('success', message, { duration: TAG_TOAST_MS }),
  /** Top-centre, 5 s, kept across the move to another page. */
  notice: (kind: ToastKind, message: string) => show(kind, message, { placement: 'notice' }),
};
