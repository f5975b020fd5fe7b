// The studio page's head names this file first, not deferred
// (infra/src/system/route-shells.ts, FIRST_PAINT_LAYERS): for a browser that keeps a session, it
// marks the page so its stylesheet shows the studio's first screen the page carries (its heading
// and the pen name form, which depend on no answer; web/src/studio/studio-first-screen-render.tsx)
// in the page's first frame, instead of once the app's script, the session check and the
// studio's chunk have come and run. The app takes the screen away when it draws the studio or
// sends a visitor elsewhere (web/src/studio/studio-first-screen.ts). A file of its own: the
// Content-Security-Policy allows no inline script.
//
// Without a stored session the screen stays hidden: the app sends a visitor to log in, and they
// never see a studio flash by.
(() => {
  try {
    if (localStorage.getItem('auth_token') === null) return;
  } catch {
    return; // storage disabled: the app draws the page itself
  }
  document.documentElement.setAttribute('data-studio-first-screen', '');
})();
