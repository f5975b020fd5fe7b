import { join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';

const WEB_ROOT = join(__dirname, '..');
/** The file the server loads (infra/src/system/creator-first-screen.ts); a dot folder: never served. */
export const CREATOR_FIRST_SCREEN_RENDERER_FILE = '.vite/creator-first-screen.cjs';

/**
 * Writes `.vite/creator-first-screen.cjs`: the creator page's first screen as a function of the
 * query API's answers to a visitor (web/src/creators/creator-first-screen-render.tsx), bundled
 * with React's server renderer and everything it imports, for the server to draw each creator's
 * page with (unlike web/build/first-renders.ts, whose screens are the same for every page and
 * drawn once here). CommonJS: the server loads it synchronously, as it reads the other files the
 * build leaves for it.
 */
export function serverRenders(): Plugin {
  let outDir = '';
  return {
    name: 'nocturne:server-renders',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'pre',
      async handler() {
        await build({
          root: WEB_ROOT,
          configFile: false,
          plugins: [react()],
          logLevel: 'error',
          ssr: { noExternal: true, target: 'node' },
          build: {
            ssr: '/src/creators/creator-first-screen-render.tsx',
            outDir: join(outDir, '.vite'),
            emptyOutDir: false,
            copyPublicDir: false,
            sourcemap: false,
            minify: true,
            rollupOptions: {
              output: {
                format: 'cjs',
                entryFileNames: CREATOR_FIRST_SCREEN_RENDERER_FILE.slice('.vite/'.length),
                // One file: the card's menu and bookmark, loaded lazily in the app, are never drawn here.
                codeSplitting: false,
              },
            },
          },
          define: { 'process.env.NODE_ENV': '"production"' },
        });
      },
    },
  };
}
