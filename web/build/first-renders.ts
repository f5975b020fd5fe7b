import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer, type Plugin } from 'vite';

const WEB_ROOT = join(__dirname, '..');
/** The file the server reads (infra/src/system/route-shells.ts); a dot folder: never served. */
export const LANDING_FIRST_SCREEN_FILE = '.vite/landing-first-render.html';
/** The reader's first slide with empty slots, for the reader page (route-shells.ts too). */
export const READER_FIRST_SLIDE_FILE = '.vite/reader-first-slide.html';
/** The studio's first screen, for the studio page (route-shells.ts too). */
export const STUDIO_FIRST_SCREEN_FILE = '.vite/studio-first-screen.html';
/** The profile's first screen with empty slots, for the profile page (route-shells.ts too). */
export const PROFILE_FIRST_SCREEN_FILE = '.vite/profile-first-screen.html';

/** Each page's first render: its module and function, its file, and what it must contain. */
const FIRST_RENDERS = [
  {
    module: '/src/landing/landing-first-render.tsx',
    render: 'landingFirstRender',
    file: LANDING_FIRST_SCREEN_FILE,
    mustHave: 'hero__lead',
  },
  {
    module: '/src/reader/first-slide-layer-render.tsx',
    render: 'firstSlideLayerRender',
    file: READER_FIRST_SLIDE_FILE,
    mustHave: 'reader__text-inner',
  },
  {
    module: '/src/studio/studio-first-screen-render.tsx',
    render: 'studioFirstScreenRender',
    file: STUDIO_FIRST_SCREEN_FILE,
    mustHave: 'pen-name-form',
  },
  {
    module: '/src/profile/profile-first-screen-render.tsx',
    render: 'profileFirstScreenRender',
    file: PROFILE_FIRST_SCREEN_FILE,
    mustHave: 'story-card__image',
  },
];

/** What a visitor's browser has that the landing's first render reads, at its first state. */
function withBrowserStandIns<T>(render: () => Promise<T>): Promise<T> {
  const global = globalThis as Record<string, unknown>;
  const kept = { localStorage: global.localStorage, IntersectionObserver: global.IntersectionObserver };
  // No session stored: a visitor's landing.
  global.localStorage = { getItem: () => null, setItem() {}, removeItem() {} };
  // Present, as in every browser: the features below the fold wait to come near the screen.
  global.IntersectionObserver = class {
    observe() {}
    disconnect() {}
  };
  return render().finally(() => Object.assign(global, kept));
}

/**
 * Writes `.vite/landing-first-render.html`: the landing's markup as the app's first render draws
 * it (web/src/landing/landing-first-render.tsx), rendered with React's server renderer through
 * Vite, once the bundle is written. The server puts it in the landing's page only, so the lead
 * paragraph (the landing's largest paint) is drawn by the HTML and its stylesheet, not after the
 * app's script has run. Likewise `.vite/reader-first-slide.html`, the reader's first slide with
 * empty slots (web/src/reader/first-slide-layer-render.tsx), which the reader's page fills early,
 * `.vite/studio-first-screen.html` (web/src/studio/studio-first-screen-render.tsx), and
 * `.vite/profile-first-screen.html`, the top of the profile with empty slots
 * (web/src/profile/profile-first-screen-render.tsx), which the profile's page fills early.
 */
export function firstRenders(): Plugin {
  let outDir = '';
  return {
    name: 'nocturne:first-renders',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'pre',
      async handler() {
        const server = await createServer({
          root: WEB_ROOT,
          configFile: false,
          plugins: [react()],
          logLevel: 'error',
          appType: 'custom',
          server: { middlewareMode: true, hmr: false, ws: false, watch: null },
        });
        try {
          for (const first of FIRST_RENDERS) {
            const markup = await withBrowserStandIns(async () => {
              const module = await server.ssrLoadModule(first.module);
              return (module[first.render] as () => string)();
            });
            if (!markup.includes(first.mustHave)) this.error(`${first.module} drew no ${first.mustHave}`);
            const file = join(outDir, first.file);
            await mkdir(dirname(file), { recursive: true });
            await writeFile(file, markup);
          }
        } finally {
          await server.close();
        }
      },
    },
  };
}
