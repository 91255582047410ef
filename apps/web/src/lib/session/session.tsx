import type { CurrentUser, UserStats } from '@printmarket/shared/types';
import { partialMatchKey, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { ApiError } from '@/lib/api-client.ts';
import {
  clearStoredSession,
  getStoredToken,
  setStoredToken,
  setStoredUserId,
  TOKEN_KEY,
} from '@/lib/auth-storage.ts';
import { rootKeys } from '@/lib/query-keys.ts';
import { exchangeGoogleCode } from './api/exchange-google-code.ts';
import { fetchCurrentUser } from './api/get-current-user.ts';
import { fetchProfileStats } from './api/get-profile-stats.ts';
import { logout } from './api/logout.ts';

/** The signed-in person with the counters of the profile call merged in (docs/product.md#sessions). */
export type SessionUser = CurrentUser & {
  /** Null for a moment right after sign-in, until the counters arrive. */
  stats: UserStats | null;
};

export type SessionStatus = 'loading' | 'signed-in' | 'signed-out';

export type Session = {
  user: SessionUser | null;
  status: SessionStatus;
  /** Stores the token (and the user's id), then loads the full user. Resolves to null on failure. */
  signIn(token: string, user?: CurrentUser): Promise<SessionUser | null>;
  /** Forgets the session at once and revokes the token on the server. */
  signOut(): Promise<void>;
  /** Reloads the user and counters, e.g. after a profile change. */
  refresh(): Promise<SessionUser | null>;
  /** When the user and counters were last loaded (ms since epoch), 0 before the first load. */
  loadedAt: number;
};

type State = { status: SessionStatus; user: SessionUser | null; loadedAt: number };

const SessionContext = createContext<Session | null>(null);

const SIGNED_OUT: State = { status: 'signed-out', user: null, loadedAt: 0 };

/**
 * Whether a failed reload means the token is no longer good. At start and at sign-in every failure
 * removes the token (docs/product.md#sessions). A later background refresh only gives up the session when the
 * server rejects it, so a dropped connection does not sign anyone out.
 */
function rejectsToken(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403 || error.status === 404);
}

type SessionProviderProps = {
  children: ReactNode;
  /** The one-time code Google sign-in brought in the address (see features/auth/address-code.ts), if any. */
  googleCode?: string | null;
  /**
   * False when the page started with no stored session (a server-rendered page hydrated for a
   * visitor): a token stored later, while the page was starting, is not restored by this page.
   */
  restoreStored?: boolean;
};

export function SessionProvider({ children, googleCode = null, restoreStored = true }: SessionProviderProps) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>(() =>
    googleCode || getStoredToken() ? { status: 'loading', user: null, loadedAt: 0 } : SIGNED_OUT,
  );
  // A code works once: a ref keeps the effect from exchanging it a second time, should it run again.
  const exchangeStarted = useRef(false);
  // Each load gets a number; an answer that arrives after a newer load or a sign-out is dropped,
  // so a slow response can never bring back a session that was just ended.
  const generation = useRef(0);

  const load = useCallback(async (mode: 'restore' | 'refresh'): Promise<SessionUser | null> => {
    const current = ++generation.current;
    const token = getStoredToken();
    if (!token) {
      setState(SIGNED_OUT);
      return null;
    }
    try {
      const user = await fetchCurrentUser();
      const { stats } = await fetchProfileStats(user.id ?? user._id);
      if (current !== generation.current) return null;
      setStoredUserId(user.id ?? user._id);
      const merged: SessionUser = { ...user, stats };
      setState({ status: 'signed-in', user: merged, loadedAt: Date.now() });
      return merged;
    } catch (error) {
      if (current !== generation.current) return null;
      if (mode === 'refresh' && !rejectsToken(error)) return null;
      // Another sign-in (another tab, or this page being left for one) stored a new token while this
      // load failed: that token is not the one that failed.
      if (getStoredToken() !== token) return null;
      clearStoredSession();
      setState(SIGNED_OUT);
      return null;
    }
  }, []);

  // Signing in or out in another tab changes the stored token; follow it here too.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== TOKEN_KEY && event.key !== null) return;
      // Whoever is signed in now, the previous person's cached data must not show.
      queryClient.removeQueries({ predicate: (query) => !partialMatchKey(query.queryKey, rootKeys.config) });
      if (getStoredToken()) void load('restore');
      else {
        generation.current++;
        setState(SIGNED_OUT);
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [load, queryClient]);

  const signIn = useCallback(
    (token: string, user?: CurrentUser) => {
      setStoredToken(token);
      if (user) {
        setStoredUserId(user.id ?? user._id);
        // Show the person as signed in straight away; the counters follow in the load below.
        setState({ status: 'signed-in', user: { ...user, stats: null }, loadedAt: 0 });
      } else {
        setState({ status: 'loading', user: null, loadedAt: 0 });
      }
      return load('restore');
    },
    [load],
  );

  // Restore the session stored by an earlier visit, unless Google sign-in just came back with a code.
  useEffect(() => {
    if (!googleCode) {
      if (restoreStored && getStoredToken()) void load('restore');
      return;
    }
    if (exchangeStarted.current) return;
    exchangeStarted.current = true;
    exchangeGoogleCode(googleCode).then(
      ({ token, user }) => {
        // Whoever just signed in here replaces whoever was stored, and their cached data goes.
        clearStoredSession();
        queryClient.removeQueries({
          predicate: (query) => !partialMatchKey(query.queryKey, rootKeys.config),
        });
        return signIn(token, user);
      },
      // A used, expired or foreign code (a forged link) signs nobody in and nobody out.
      () => load('restore'),
    );
  }, [googleCode, restoreStored, load, signIn, queryClient]);

  const signOut = useCallback(async () => {
    const token = getStoredToken();
    generation.current++;
    clearStoredSession();
    setState(SIGNED_OUT);
    // Cached answers may be personal (purchases, own designs); the public configuration stays.
    queryClient.removeQueries({ predicate: (query) => !partialMatchKey(query.queryKey, rootKeys.config) });
    if (!token) return;
    try {
      await logout(token);
    } catch (error) {
      // The browser has forgotten the token either way; the server copy expires on its own.
      console.warn('Failed to logout', error);
    }
  }, [queryClient]);

  const refresh = useCallback(() => load('refresh'), [load]);

  const value = useMemo<Session>(
    () => ({ user: state.user, status: state.status, loadedAt: state.loadedAt, signIn, signOut, refresh }),
    [state, signIn, signOut, refresh],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>.');
  return session;
}
