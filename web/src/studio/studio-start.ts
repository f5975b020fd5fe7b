import { storedSession } from '../early-scripts/stored';

/**
 * The studio page's early script, built on its own as `/studio-start.js`
 * (web/build/early-scripts.ts) and named first in the page's head, not deferred
 * (infra/src/system/route-shells.ts, LAYER_PAINTS): for a browser that keeps a session, it marks
 * the page so its stylesheet shows the studio's first screen the page carries (its heading and
 * the pen name form, which depend on no answer; ./studio-first-screen-render.tsx) in the page's
 * first frame, instead of once the app's script, the session check and the studio's chunk have
 * come and run. The app takes the screen away when it draws the studio or sends a visitor
 * elsewhere (./studio-first-screen.ts). A file of its own: the Content-Security-Policy allows no
 * inline script.
 *
 * Without a stored session the screen stays hidden: the app sends a visitor to log in, and they
 * never see a studio flash by.
 */
export default function studioStart(): void {
  try {
    if (storedSession() === null) return;
  } catch {
    return; // storage disabled: the app draws the page itself
  }
  document.documentElement.setAttribute('data-studio-first-screen', '');
}
