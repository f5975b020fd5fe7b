#!/usr/bin/env node
// npm 11 drops other platforms' optional packages from package-lock.json when it writes the
// lock on one platform (npm/cli#4828), and `npm ci` then refuses the lock as out of sync.
// Biome ships its binary as such packages. This adds the missing entries (version, os, cpu,
// libc): npm ci checks that they are listed, and skips them on a platform they do not fit,
// so no integrity is needed. Run it after any `npm install` that rewrites the lock:
//   npm install <pkg> && node infra/bin/complete-lock.mjs && npm ci
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './web-build.mjs';

const file = join(repoRoot, 'package-lock.json');
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;
const platform = /-(android|darwin|linux|win32|freebsd)-(arm64|x64|ia32|arm)(-musl)?$/;
const added = [];

for (const entry of Object.values(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (packages[key]) continue;
    const match = name.match(platform);
    if (!match) continue; // not a platform binary package: leave it to npm
    const [, os, cpu, musl] = match;
    packages[key] = {
      version,
      cpu: [cpu],
      ...(entry.dev ? { dev: true } : {}),
      ...(musl ? { libc: ['musl'] } : {}),
      optional: true,
      os: [os],
    };
    added.push(`${name}@${version}`);
  }
}

const sorted = Object.entries(packages).sort(([a], [b]) => a.localeCompare(b, 'en'));
lock.packages = Object.fromEntries(sorted);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(added.length ? `complete-lock: added ${added.join(', ')}` : 'complete-lock: nothing missing');
