import type { MeView, TokenPair } from '@app/contracts/wire';

/**
 * The signed-in session: tokens and the last known user, persisted in localStorage
 * so a reload or a new tab stays
 * signed in. A tiny store with subscribers: the API client reads and rotates the tokens,
 * React reads it through `useSession` (useSyncExternalStore).
 *
 * Another tab signing out (or in) is seen through the `storage` event.
 */
export interface Session {
  accessToken: string;
  refreshToken: string;
  /** snapshot of `GET /api/me`, shown until the fresh answer arrives */
  user: MeView | null;
}

export const SESSION_STORAGE_KEY = 'auth';

type Listener = () => void;
const listeners = new Set<Listener>();

function isSession(value: unknown): value is Session {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<Session>;
  return typeof v.accessToken === 'string' && typeof v.refreshToken === 'string' && v.accessToken !== '' && v.refreshToken !== '';
}

function read(): Session | null {
  try {
    const raw = window.localStorage.getItem(SESSION_STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return isSession(parsed) ? { accessToken: parsed.accessToken, refreshToken: parsed.refreshToken, user: parsed.user ?? null } : null;
  } catch {
    return null;
  }
}

let current: Session | null = typeof window === 'undefined' ? null : read();

function write(next: Session | null): void {
  current = next;
  try {
    if (next) window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(next));
    else window.localStorage.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // storage disabled or full: the session then lasts for this page only
  }
  for (const listener of listeners) listener();
}

export const sessionStore = {
  get: (): Session | null => current,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** After sign-in. */
  start(tokens: TokenPair, user: MeView): void {
    write({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, user });
  },
  /** After a refresh: the old refresh token is spent. */
  rotate(tokens: TokenPair): void {
    if (!current) return;
    write({ ...current, accessToken: tokens.accessToken, refreshToken: tokens.refreshToken });
  },
  /** A fresh `GET /api/me`. */
  setUser(user: MeView): void {
    if (!current) return;
    if (JSON.stringify(current.user) === JSON.stringify(user)) return;
    write({ ...current, user });
  },
  clear(): void {
    if (current === null) return;
    write(null);
  },
  /** Re-reads storage (tests, and the `storage` event of another tab). */
  reload(): void {
    current = read();
    for (const listener of listeners) listener();
  },
};

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === SESSION_STORAGE_KEY || event.key === null) sessionStore.reload();
  });
}
