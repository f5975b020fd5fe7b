import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { earlyScripts } from './build/early-scripts';
import { firstLoadChunk } from './build/first-load-chunk';
import { firstRenders } from './build/first-renders';
import { leanReactRouter } from './build/lean-react-router';
import { precompress } from './build/precompress';
import { routePreloads } from './build/route-preloads';
import { serverRenders } from './build/server-renders';
import { serviceWorker } from './build/service-worker';

export default defineConfig({
  root: __dirname,
  // The worker is written when the bundle closes; precompress runs after it (order: 'post').
  plugins: [
    react(),
    leanReactRouter(),
    routePreloads(),
    earlyScripts(),
    serviceWorker(),
    firstRenders(),
    serverRenders(),
    precompress(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Written for the server to serve only when configured to (SOURCE_MAPS); no comment in the
    // scripts points at them, the server's SourceMap header does when they are served.
    sourcemap: 'hidden',
    // Every browser that runs the app supports <link rel=modulepreload>: no polyfill in the entry.
    modulePreload: { polyfill: false },
    rollupOptions: {
      output: {
        advancedChunks: { groups: [{ name: firstLoadChunk() }] },
        // Seven characters of content hash rather than eight: the entry lists every lazy chunk's
        // file name, and a hash does not compress (about 200 bytes of the landing's Brotli budget).
        // Seven is the least the bundler accepts for this many chunks; it says so if that changes.
        entryFileNames: 'assets/[name]-[hash:7].js',
        chunkFileNames: 'assets/[name]-[hash:7].js',
        assetFileNames: 'assets/[name]-[hash:7][extname]',
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
