import { keepInstallEvent } from './install-event';

/**
 * Registers the service worker (/sw.js, web/build/service-worker.ts) once the page has loaded
 * (at once on a page that had loaded before the app's script came: web/src/early-scripts/app-start.ts),
 * so it never competes with the first paint. Every byte here is in the landing's first-load
 * JavaScript: the code that offers an update or an install loads only when one is due.
 *
 * - An update: a new worker is found while an older one controls the page (on a first visit
 *   none does, and the worker found is the first), or one found earlier still waits when the
 *   page loads (a reload does not let it take over, nor does "Not now"); the banner that offers
 *   it loads then (./update-offer).
 * - An install: the browser's install event is kept (./install-event), so the offer comes at a
 *   sensible moment (the end of a story, the profile), not on arrival.
 * - A start without a connection (the worker's shell): the way to the stories kept on this
 *   device loads (../offline/kept-stories-notice).
 *
 * No worker container (a page served over plain http from another host): nothing happens.
 */
export function startServiceWorker(): void {
  addEventListener('beforeinstallprompt', keepInstallEvent);
  const start = () => {
    navigator.onLine || import('../offline/kept-stories-notice');
    navigator.serviceWorker?.register('/sw.js').then((registration) => {
      const offer = () => navigator.serviceWorker.controller && import('./update-offer');
      registration.waiting && offer();
      registration.onupdatefound = offer;
    });
  };
  // A page that starts the app's script after its own first screen has loaded already.
  if (document.readyState === 'complete') start();
  else addEventListener('load', start);
}
