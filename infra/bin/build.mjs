// Compiles the server (every package, bundled per entry point into infra/dist) and the web app
// (web/dist), so that what runs is plain `node infra/dist/<entry>.mjs`: no tsx and no TypeScript
// compiler at run time. Used by bootstrap.mjs (npm run build, npm run dev, and before npm start,
// rebuild and audit when the sources are newer than the output) and by the tests.
import { spawn } from 'node:child_process';
import { existsSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ensureWebBuilt, newestMtime, repoRoot } from './web-build.mjs';

export const serverDist = join(repoRoot, 'infra', 'dist');

/** The compiled entry points: name in infra/dist -> TypeScript source. */
export const serverEntries = {
  start: 'infra/src/launcher/main.ts',
  split: 'infra/src/split/main.ts',
  service: 'infra/src/split/service.ts',
  rebuild: 'infra/src/cli/rebuild.ts',
  audit: 'infra/src/cli/audit-main.ts',
  processor: 'infra/src/local-processor/processor-cli.ts',
  reconcile: 'infra/src/cli/reconcile-main.ts',
  'verify-log': 'infra/src/cli/verify-log-main.ts',
  'verify-read-models': 'infra/src/cli/verify-read-models-main.ts',
};

const serverSources = [
  'events/src',
  'events/domain/src',
  'events/http-kit/src',
  'events/pg-kit/src',
  'events/notify/src',
  'events/vault/src',
  'projector/src',
  'command-api/src',
  'query-api/src',
  'infra/src',
  'package-lock.json',
  'infra/bin/build.mjs',
];

/** Why infra/dist must be (re)built, or null when it is newer than every source. */
export function serverBuildReason(root = repoRoot) {
  const files = Object.keys(serverEntries).map((name) => join(root, 'infra', 'dist', `${name}.mjs`));
  if (!files.every(existsSync)) return 'infra/dist is missing';
  const built = Math.min(...files.map((file) => statSync(file).mtimeMs));
  const sources = Math.max(...serverSources.map((p) => newestMtime(join(root, p))));
  return sources > built ? 'server sources changed since the last build' : null;
}

/**
 * esbuild options: one ESM bundle per entry point, shared code in chunks beside them. The
 * workspace packages (@nocturne/*, whose exports point at TypeScript) are compiled in; every
 * third-party package stays an import of node_modules (the production dependencies).
 */
function esbuildOptions(root) {
  return {
    absWorkingDir: root,
    entryPoints: Object.fromEntries(Object.entries(serverEntries).map(([name, src]) => [name, src])),
    outdir: join(root, 'infra', 'dist'),
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunk-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [
      {
        name: 'third-party-external',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, (args) => {
            if (args.path.startsWith('@nocturne/')) return undefined;
            return { path: args.path, external: true };
          });
        },
      },
    ],
  };
}

async function esbuild() {
  return import('esbuild');
}

/** Compiles the server entry points into infra/dist (cleaned first: no stale chunks). */
export async function buildServer({ root = repoRoot } = {}) {
  rmSync(join(root, 'infra', 'dist'), { recursive: true, force: true });
  const compiler = await esbuild();
  await compiler.build(esbuildOptions(root));
  // esbuild keeps its service process for later builds; a launcher that goes on to run the
  // product for hours needs none, so it does not keep a 30 MB child beside the server.
  await compiler.stop();
}

/** Builds the server when infra/dist is missing or older than its sources (npm start, tests). */
export async function ensureServerBuilt({ root = repoRoot, log = console.log } = {}) {
  const reason = serverBuildReason(root);
  if (!reason) return false;
  log(`compiling the server (${reason})...`);
  await buildServer({ root });
  return true;
}

/** npm run build: the server always, the web app when its sources changed. */
export async function buildAll({ log = console.log } = {}) {
  const started = Date.now();
  await buildServer();
  log(`server compiled into infra/dist (${Date.now() - started} ms)`);
  if (!ensureWebBuilt({ log })) log('web app in web/dist is up to date');
}

/** npm run dev: the server recompiled on every change, `start` restarted by node --watch. */
export async function watch(args, { log = console.log } = {}) {
  ensureWebBuilt({ log });
  const context = await (await esbuild()).context(esbuildOptions(repoRoot));
  await context.rebuild();
  await context.watch();
  log('watching the server sources; the web app: run `npx vite web` beside (hot reload)');
  const child = spawn(
    process.execPath,
    ['--watch-path', serverDist, join(serverDist, 'start.mjs'), ...args],
    {
      cwd: repoRoot,
      stdio: 'inherit',
    },
  );
  const stop = (signal) => child.exitCode === null && child.kill(signal);
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return new Promise((resolve) =>
    child.on('exit', async (code) => {
      await context.dispose();
      resolve(code ?? 0);
    }),
  );
}
