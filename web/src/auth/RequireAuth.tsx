import { type ReactNode, useDeferredValue } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { PageLoading } from '../ui/PageLoading';
import { useAuth } from './auth-context';

/**
 * Route guard: once the start-up auth check has ended, a logged-out visitor
 * is sent to /auth/login (which returns them here after logging in).
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  // The page behind the guard is drawn in a transition once the check ends: React draws it in
  // slices rather than in one long task, which would block a slow phone's CPU.
  const { user, loading } = useDeferredValue(useAuth());
  const location = useLocation();
  if (loading) return <PageLoading />;
  if (!user) return <Navigate to="/auth/login" replace state={{ from: location }} />;
  return <>{children}</>;
}
