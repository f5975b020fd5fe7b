import { VitePWA } from 'vite-plugin-pwa';

/**
 * The service worker (docs/offline.md): Workbox's generated worker, written as /sw.js.
 *
 * - Precached, at install: the app shell (index.html, the scripts and styles of every screen a
 *   reader opens, the early scripts of the reader, the creator page and the profile, the display font's Latin subset) and the offline page: the same files for
 *   every visitor. Left out: the staff panel and the charts (about 110 KB a reader would download
 *   for nothing) and the font's other scripts (offline, the serif fallback draws them).
 * - Pages always come from the network while it answers, so an open tab never runs a shell
 *   older than the server's. Offline, `/`, `/profile` and `/story/{id}` are answered by the
 *   precached shell (the page opens the stories kept offline itself, web/src/offline) and any
 *   other page by the offline page.
 * - No route for /api or images: what a viewer may read (explicit, premium) is decided per
 *   viewer by the server, so those answers never enter a cache the worker keeps.
 * - A new deploy is a new worker that waits until the reader takes the update
 *   (web/src/pwa/UpdateBanner.tsx).
 *
 * The page registers the worker itself after `load` (web/src/pwa/start-service-worker.ts): the
 * plugin's registration script would add to the landing's first-load JavaScript.
 */
export function serviceWorker() {
  return VitePWA({
    strategies: 'generateSW',
    registerType: 'prompt',
    injectRegister: false,
    // The manifest is web/public/manifest.webmanifest, linked by index.html.
    manifest: false,
    filename: 'sw.js',
    workbox: {
      globPatterns: [
        'index.html',
        'offline.{html,css,js}',
        'story-start.js',
        'creator-start.js',
        'profile-start.js',
        'studio-start.js',
        'favicon.svg',
        'assets/*.{js,css}',
        'assets/cormorant-garamond-latin-wght-*.woff2',
      ],
      globIgnores: ['**/*.map', 'assets/Admin*', 'assets/admin*', 'assets/TrendChart*', 'assets/TrendPlot*'],
      cleanupOutdatedCaches: true,
      // `/` is not answered from the precache first (see above): the routes below decide.
      directoryIndex: null,
      navigateFallback: null,
      // One file for the worker, nothing imported at run time.
      inlineWorkboxRuntime: true,
      sourcemap: false,
      runtimeCaching: [
        {
          // Written into the worker as source text: each test stands alone, no closure.
          // `/`, and the two pages that open stories kept offline (the profile, the reader).
          urlPattern: ({ request, url }) =>
            request.mode === 'navigate' &&
            (url.pathname === '/' || url.pathname === '/profile' || url.pathname.startsWith('/story/')),
          handler: 'NetworkOnly',
          options: {
            precacheFallback: { fallbackURL: '/index.html' },
          },
        },
        {
          urlPattern: ({ request, url }) =>
            request.mode === 'navigate' &&
            url.pathname !== '/' &&
            url.pathname !== '/profile' &&
            !url.pathname.startsWith('/story/') &&
            !url.pathname.startsWith('/api/'),
          handler: 'NetworkOnly',
          options: {
            precacheFallback: { fallbackURL: '/offline.html' },
          },
        },
      ],
    },
  });
}
