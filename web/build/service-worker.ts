import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { VitePWA } from 'vite-plugin-pwa';
import type { ManifestTransform } from 'workbox-build';

/**
 * The reader's page as the server draws it for any story (infra/src/system/route-shells.ts: the
 * page for `/story/:id`, the same for every story and every visitor, with its first-slide layer
 * and early script), precached under an address of its own: offline, `/story/{id}` opens from it,
 * and the early script draws a kept story's first slide from the device before the app has run
 * (web/src/reader/story-start.ts).
 */
export const OFFLINE_READER_PAGE = '/story/offline-page';

/**
 * The build's files the server draws the reader's page from, beside those the worker precaches
 * (web/build/first-renders.ts, route-preloads.ts, early-scripts.ts).
 */
const READER_PAGE_SOURCES = [
  '.vite/reader-first-slide.html',
  '.vite/route-preloads.json',
  '.vite/app-start.json',
];

/**
 * Adds the reader's page to the precache, its revision a hash of what the server draws it from
 * (the shell, every precached file's revision, READER_PAGE_SOURCES), so that a new deploy's
 * worker fetches it again whenever it may have changed. The build fails where a source is missing:
 * the page would be precached without its layer.
 */
export function readerPageEntry(dist: string): ManifestTransform {
  return (entries) => {
    const hash = createHash('sha256');
    for (const entry of entries) hash.update(`${entry.url} ${entry.revision ?? ''}\n`);
    for (const source of READER_PAGE_SOURCES) {
      const file = join(dist, source);
      if (!existsSync(file)) throw new Error(`${file} is missing: the reader's offline page needs it`);
      hash.update(readFileSync(file));
    }
    const revision = hash.digest('hex').slice(0, 32);
    return { manifest: [...entries, { url: OFFLINE_READER_PAGE, revision, size: 0 }], warnings: [] };
  };
}

/**
 * The service worker (docs/offline.md): Workbox's generated worker, written as /sw.js.
 *
 * - Precached, at install: the app shell (index.html, the scripts and styles of every screen a
 *   reader opens, the early scripts of the reader, the creator page and the profile, the display font's Latin subset) and the offline page: the same files for
 *   every visitor. Left out: the staff panel and the charts (about 110 KB a reader would download
 *   for nothing) and the font's other scripts (offline, the serif fallback draws them).
 * - Pages always come from the network while it answers, so an open tab never runs a shell
 *   older than the server's. Offline, `/` and `/profile` are answered by the precached shell,
 *   `/story/{id}` by the reader's page (OFFLINE_READER_PAGE; the page opens the stories kept
 *   offline itself, web/src/offline) and any other page by the offline page.
 * - No route for /api or images: what a viewer may read (explicit, premium) is decided per
 *   viewer by the server, so those answers never enter a cache the worker keeps.
 * - A new deploy is a new worker that waits until the reader takes the update
 *   (web/src/pwa/UpdateBanner.tsx).
 *
 * The page registers the worker itself after `load` (web/src/pwa/start-service-worker.ts): the
 * plugin's registration script would add to the landing's first-load JavaScript.
 */
export function serviceWorker(dist = resolve(__dirname, '..', 'dist')) {
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
      manifestTransforms: [readerPageEntry(dist)],
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
          // `/`, and the profile, which opens the stories kept offline.
          urlPattern: ({ request, url }) =>
            request.mode === 'navigate' && (url.pathname === '/' || url.pathname === '/profile'),
          handler: 'NetworkOnly',
          options: {
            precacheFallback: { fallbackURL: '/index.html' },
          },
        },
        {
          // A story: the reader's page, which draws a kept story's first slide itself.
          urlPattern: ({ request, url }) => request.mode === 'navigate' && url.pathname.startsWith('/story/'),
          handler: 'NetworkOnly',
          options: {
            precacheFallback: { fallbackURL: OFFLINE_READER_PAGE },
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
