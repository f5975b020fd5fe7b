import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AuthProvider } from '../auth/auth-context';

/**
 * What a hook under test needs of the app around it: `client`'s queries and the session (the
 * token the test put in localStorage, checked through the test's fetch).
 *
 * @example
 * renderHook(() => useOfflineSync(), { wrapper: sessionWrapper(new QueryClient()) });
 */
export function sessionWrapper(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <AuthProvider>{children}</AuthProvider>
    </QueryClientProvider>
  );
}
