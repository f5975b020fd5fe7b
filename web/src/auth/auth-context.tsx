import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { ApiError, api, apiFetch, TOKEN_KEY } from '../api/client';

export interface SessionUser {
  email: string;
  is_subscribed: boolean;
  premium_stories_remaining: number;
}

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

/** Auth states of spec.md section 4. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [token, setToken] = useState<string | null>(() => localStorage.getItem(TOKEN_KEY));
  const [user, setUser] = useState<SessionUser | null>(null);
  const [loading, setLoading] = useState(true);

  const clear = useCallback(() => {
    localStorage.removeItem(TOKEN_KEY);
    setToken(null);
    setUser(null);
  }, []);

  const check = useCallback(
    async (current: string | null) => {
      if (!current) return;
      try {
        setUser(await api<SessionUser>('/api/auth/me', { token: current }));
      } catch (error) {
        if (error instanceof ApiError) clear();
        else console.error('Auth check failed', error); // a network failure keeps the session
      }
    },
    [clear],
  );

  useEffect(() => {
    const stored = localStorage.getItem(TOKEN_KEY);
    if (!stored) {
      setLoading(false);
      return;
    }
    void check(stored).finally(() => setLoading(false));
  }, [check]);

  const login = useCallback((newToken: string, newUser: SessionUser) => {
    localStorage.setItem(TOKEN_KEY, newToken);
    setToken(newToken);
    setUser(newUser);
  }, []);

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

  const refresh = useCallback(() => check(localStorage.getItem(TOKEN_KEY)), [check]);

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
