import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { AuthProvider } from '../auth/auth-context';
import LandingPage from './LandingPage';

/**
 * The landing's markup as the app's first render draws it, before any answer has come (the
 * stories' skeletons, no tags), for a visitor. The build writes it into the landing's page
 * (web/build/first-renders.ts), so its text paints before the app's script has run; the
 * app then draws its own tree in its place. What depends on the session is in that markup
 * for a visitor: the page's shell hides it until the app has drawn it (index.html), so a
 * signed-in reader never sees a visitor's buttons.
 */
export function landingFirstRender(): string {
  return renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <AuthProvider>
        <MemoryRouter>
          <LandingPage />
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
}
