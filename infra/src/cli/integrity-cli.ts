import { parseArgs } from 'node:util';
import type { IntegrityCheckKind } from '@nocturne/domain';
import { progressBar } from '@nocturne/projector/cli/progress-bar';
import type { AppConfig } from '../config';
import { runIntegrityCheck } from '../integrity/run-check';
import { connectInfrastructure } from '../system/connect';

export interface IntegrityIo {
  out: (text: string) => void;
  err: (text: string) => void;
  /** Show a progress bar (on stderr); off in tests. */
  bar?: boolean;
}

const usage: Record<IntegrityCheckKind, string> = {
  log: 'Usage: npm run verify-log [-- --noted <position>:<hash>] [--json]',
  'read-models': 'Usage: npm run verify-read-models [-- --json]',
};

/**
 * `npm run verify-log` and `npm run verify-read-models`: the panel's integrity checks from the
 * command line, with a progress bar. Exit code 0 when intact (equal), 1 when not, 2 on bad usage
 * or a check that could not run.
 */
export async function runIntegrityCli(
  kind: IntegrityCheckKind,
  argv: readonly string[],
  config: AppConfig,
  io: IntegrityIo = { out: (t) => process.stdout.write(t), err: (t) => process.stderr.write(t), bar: true },
): Promise<number> {
  let values: { noted?: string | undefined; json?: boolean | undefined };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: { json: { type: 'boolean' }, noted: { type: 'string' } },
      strict: true,
    }));
    if (kind !== 'log' && values.noted !== undefined) throw new Error('--noted is an option of verify-log');
  } catch (error) {
    io.err(`${(error as Error).message}\n${usage[kind]}\n`);
    return 2;
  }
  let noted: { position: number; hash: string } | undefined;
  if (values.noted !== undefined) {
    const match = /^(\d{1,18}):([0-9a-fA-F]{64})$/.exec(values.noted);
    if (!match) {
      io.err(
        `--noted takes the position and the hex hash printed by an earlier run, as 1234:ab12...\n${usage[kind]}\n`,
      );
      return 2;
    }
    noted = { position: Number(match[1]), hash: match[2]!.toLowerCase() };
  }
  const infra = await connectInfrastructure(config, (line) => io.err(`${line}\n`));
  const bar = progressBar(
    kind === 'log'
      ? 'hashing    |{bar}| {percentage}% | {value}/{total} events | ETA {eta_formatted}'
      : '{phase} |{bar}| {percentage}% | {value}/{total} | ETA {eta_formatted}',
  );
  let shown: string | undefined;
  try {
    const outcome = await runIntegrityCheck(
      kind,
      {
        databaseUrl: config.databaseUrl,
        eventStoreUrl: config.eventStoreUrl,
        store: infra.store,
        vault: infra.vault,
      },
      ({ phase, done, total }) => {
        if (!io.bar) return;
        if (shown !== phase) {
          if (shown) bar.stop();
          bar.start(Math.max(total, 1), done, { phase: phase.padEnd(10) });
          shown = phase;
        } else {
          bar.setTotal(Math.max(total, done, 1));
          bar.update(done, { phase: phase.padEnd(10) });
        }
      },
      noted,
    );
    if (shown) bar.stop();
    shown = undefined;
    if (values.json) {
      io.out(`${JSON.stringify(outcome, null, 2)}\n`);
    } else {
      io.out(`${outcome.summary}\n`);
      for (const d of outcome.differences) {
        io.out(`  ${d.table} ${d.key} ${d.column}: live ${d.live}, rebuilt ${d.rebuilt}\n`);
      }
    }
    return outcome.ok ? 0 : 1;
  } catch (error) {
    io.err(`${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  } finally {
    if (shown) bar.stop();
    await infra.close();
  }
}
