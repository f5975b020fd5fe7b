import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from '@nocturne/infra/bin/web-build';

const run = promisify(execFile);

/** An earlier commit of this repository, checked out and installed beside it, to bench against. */
export interface BaselineCheckout {
  root: string;
  /** The commit, abbreviated, as `git rev-parse --short` names it. */
  commit: string;
  remove(): Promise<void>;
}

/**
 * Checks out `revision` into a temporary git worktree and installs its dependencies (`npm ci`:
 * the workspace packages must resolve to its own code, not to this checkout's), so that a
 * benchmark can run the product of both, one after the other, in one run on one machine. Its
 * first start builds its server and web app, as a first `npm start` does.
 *
 * @example
 *   const baseline = await checkoutBaseline('main~3', log);
 *   try { await benchLikes(url, log, { root: baseline.root }); } finally { await baseline.remove(); }
 */
export async function checkoutBaseline(
  revision: string,
  log: (line: string) => void,
): Promise<BaselineCheckout> {
  const { stdout } = await run('git', ['rev-parse', '--short', `${revision}^{commit}`], { cwd: repoRoot });
  const commit = stdout.trim();
  const root = await mkdtemp(join(tmpdir(), `nocturne-baseline-${commit}-`));
  await run('git', ['worktree', 'add', '--detach', root, commit], { cwd: repoRoot });
  const remove = async () => {
    await run('git', ['worktree', 'remove', '--force', root], { cwd: repoRoot }).catch(() => {});
    await rm(root, { recursive: true, force: true });
  };
  try {
    log(`baseline ${commit}: npm ci in ${root}`);
    await run('npm', ['ci', '--no-audit', '--no-fund'], {
      cwd: root,
      env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    await remove();
    throw error;
  }
  return { root, commit, remove };
}
