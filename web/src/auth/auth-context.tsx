import type { AccountSummary } from '@nocturne/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { ApiError, apiFetch, TOKEN_KEY } from '../api/client';
import { authKeys, meQuery } from './auth-queries';

/** The session's user: what login and /api/auth/me answer. */
export type SessionUser = AccountSummary;

export interface AuthState {
  user: SessionUser | null;
  token: string | null;
  loading: boolean;
  login: (token: string, user: SessionUser) => void;
  logout: () => void;
  /** Re-reads /api/auth/me, e.g. after a premium unlock changed the remaining count. */
  refresh: () => Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

/**
 * The SPA's auth states. The token lives in localStorage; the user is the
 * `meQuery(token)`: checked at start, set by a login, re-read by `refresh`. A refused
 * token (any HTTP error) ends the session; a network failure keeps it.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [token, setToken] = useState<string | null>(() => localStorage.getItem(TOKEN_KEY));

  const me = useQuery(meQuery(token));

  const clear = useCallback(() => {
    localStorage.removeItem(TOKEN_KEY);
    setToken(null);
    queryClient.removeQueries({ queryKey: authKeys.users() });
  }, [queryClient]);

  const refused = me.error instanceof ApiError;
  useEffect(() => {
    if (refused) clear();
    else if (me.error) console.error('Auth check failed', me.error);
  }, [refused, me.error, clear]);

  const login = useCallback(
    (newToken: string, newUser: SessionUser) => {
      localStorage.setItem(TOKEN_KEY, newToken);
      queryClient.setQueryData(authKeys.me(newToken), newUser);
      setToken(newToken);
    },
    [queryClient],
  );

  const logout = useCallback(() => {
    const current = localStorage.getItem(TOKEN_KEY);
    clear();
    if (current) {
      // Inform the server without waiting; errors are only logged.
      apiFetch('/api/auth/logout', { method: 'POST', token: current }).catch((error) =>
        console.error('Logout failed', error),
      );
    }
  }, [clear]);

  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: authKeys.me(localStorage.getItem(TOKEN_KEY)) }),
    [queryClient],
  );

  const user = token !== null && !refused ? (me.data ?? null) : null;
  const loading = token !== null && me.isPending && !me.isError;
  const value = useMemo(
    () => ({ user, token, loading, login, logout, refresh }),
    [user, token, loading, login, logout, refresh],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}
