import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { AuthProvider } from '../auth/auth-context';
import { StudioPage } from './StudioPage';
import { STUDIO_FIRST_SCREEN_ID } from './studio-first-screen';

/**
 * The studio as its first render draws it before any answer (its heading, the pen name form and
 * its hint, the loading note: nothing that depends on the creator's data), in a layer the build
 * writes into the studio page's HTML (web/build/first-renders.ts). Hidden unless the page's early
 * script found a stored session (web/src/studio/studio-start.ts, then the studio's stylesheet shows it), so a visitor sent to log in
 * never sees it; hidden from assistive technology and out of the focus order all along, as the
 * app, drawn beneath it, is what they read.
 */
export function studioFirstScreenRender(): string {
  return renderToStaticMarkup(
    <div id={STUDIO_FIRST_SCREEN_ID} className="studio-first-screen" hidden aria-hidden="true" inert>
      <QueryClientProvider client={new QueryClient()}>
        <AuthProvider>
          <MemoryRouter>
            <StudioPage />
          </MemoryRouter>
        </AuthProvider>
      </QueryClientProvider>
    </div>,
  );
}
