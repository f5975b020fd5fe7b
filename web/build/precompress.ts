import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; images and fonts are compressed formats already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/;

/** The build's notes for the server (`.vite/`): never served, so never sent compressed. */
const NOTES = '.vite';

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== NOTES) yield* filesUnder(path);
    } else yield path;
  }
}

async function writeVariants(path: string): Promise<void> {
  const raw = await readFile(path);
  // Source maps are fetched by developer tools only: a fast setting keeps the build quick.
  const quality = path.endsWith('.map') ? 5 : constants.BROTLI_MAX_QUALITY;
  const [br, gz] = await Promise.all([
    brotli(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: quality,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    gzipAsync(raw, { level: path.endsWith('.map') ? 6 : 9 }),
  ]);
  await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
}

/**
 * Compression done once, at build time: every text file of the build gets a Brotli
 * (`.br`) and a gzip (`.gz`) variant next to it, which the server sends as is to a client that
 * accepts it (infra/src/system/web-app.ts), so no request pays for compressing an asset.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'nocturne:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    // After every other plugin's closeBundle: the service worker (sw.js) is written there.
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const jobs: Promise<void>[] = [];
        for await (const path of filesUnder(outDir))
          if (COMPRESSIBLE.test(path)) jobs.push(writeVariants(path));
        await Promise.all(jobs);
      },
    },
  };
}
