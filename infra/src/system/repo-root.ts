import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function isRepoRoot(dir: string): boolean {
  const manifest = join(dir, 'package.json');
  return existsSync(manifest) && 'workspaces' in JSON.parse(readFileSync(manifest, 'utf8'));
}

/**
 * The repository root (the package.json with the workspaces), found upwards from this module,
 * so that it is the same from the TypeScript sources and from the bundles in infra/dist.
 */
export function repoRoot(from: string = import.meta.url): string {
  let dir = dirname(fileURLToPath(from));
  while (!isRepoRoot(dir)) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no repository root above ${fileURLToPath(from)}`);
    dir = parent;
  }
  return dir;
}
