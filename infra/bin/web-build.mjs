// Builds the web app (web/dist) when it is missing or older than its sources. Plain Node, no
// dependencies: used by bootstrap.mjs (npm start) and by the e2e global setup.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** Newest modification time (ms) of a file or, recursively, of the files under a folder. */
export function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** Why web/dist must be (re)built, or null when it is up to date. */
export function webBuildReason(root = repoRoot) {
  const index = join(root, 'web', 'dist', 'index.html');
  if (!existsSync(index)) return 'web/dist is missing';
  const built = statSync(index).mtimeMs;
  const sources = [
    'web/src',
    'web/build',
    'web/index.html',
    'web/vite.config.ts',
    'web/package.json',
    'web/public',
  ].map((p) => newestMtime(join(root, p)));
  return Math.max(...sources) > built ? 'web sources changed since the last build' : null;
}

/** Runs `vite build web` when needed. Throws when the build fails. */
export function ensureWebBuilt({ root = repoRoot, log = console.log } = {}) {
  const reason = webBuildReason(root);
  if (!reason) return false;
  log(`building the web app (${reason})...`);
  const vite = join(root, 'node_modules', '.bin', 'vite');
  // Always a production build: a caller running under a test runner has NODE_ENV=test, which
  // would bundle React's development build (and break the landing page's size budget).
  const result = spawnSync(vite, ['build', 'web', '--logLevel', 'error'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error(`the web build failed (exit ${result.status ?? result.signal})`);
  return true;
}
