import { parseArgs } from 'node:util';
import {
  formatHistory,
  formatModerationTrail,
  replayUserHistory,
  storyModerationTrail,
} from '@nocturne/query-api';
import type { AppConfig } from '../config';
import { connectInfrastructure } from '../system/connect';

const usage =
  'Usage: npm run audit -- --email <address> [--as-of <ISO time>] [--json]\n       npm run audit -- --story <story id> [--json]';

export interface AuditIo {
  out: (text: string) => void;
  err: (text: string) => void;
}

/**
 * `npm run audit -- --email <address> [--as-of <ISO time>]`: the audit replay of one user,
 * read from whichever event store is configured (EVENTSTORE_URL or the Postgres store), with
 * personal fields decrypted by the vault. Returns the process exit code.
 */
export async function runAudit(
  argv: readonly string[],
  config: AppConfig,
  io: AuditIo = { out: (t) => process.stdout.write(t), err: (t) => process.stderr.write(t) },
): Promise<number> {
  let values: {
    email?: string | undefined;
    story?: string | undefined;
    'as-of'?: string | undefined;
    json?: boolean | undefined;
  };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        email: { type: 'string' },
        story: { type: 'string' },
        'as-of': { type: 'string' },
        json: { type: 'boolean' },
      },
      strict: true,
    }));
  } catch (error) {
    io.err(`${(error as Error).message}\n${usage}\n`);
    return 2;
  }
  if (values.story) return auditStory(values.story, values.json === true, config, io);
  if (!values.email) {
    io.err(`--email or --story is required\n${usage}\n`);
    return 2;
  }
  const asOf = values['as-of'] ? new Date(values['as-of']) : new Date();
  if (Number.isNaN(asOf.getTime())) {
    io.err(`--as-of must be an ISO time such as 2025-01-31T12:00:00Z\n${usage}\n`);
    return 2;
  }
  const infra = await connectInfrastructure(config, (line) => io.err(`${line}\n`));
  try {
    const history = await replayUserHistory(
      { store: infra.store, vault: infra.vault, secret: config.secret },
      values.email,
      asOf,
    );
    if (!history.found) {
      io.err('No history for this address: it never had an account.\n');
      return 1;
    }
    io.out(values.json ? `${JSON.stringify(history, null, 2)}\n` : formatHistory(history));
    return 0;
  } finally {
    await infra.close();
  }
}

/** `--story <id>`: the story's moderation trail (reports, decisions, appeals) with who and why. */
async function auditStory(storyId: string, json: boolean, config: AppConfig, io: AuditIo): Promise<number> {
  const infra = await connectInfrastructure(config, (line) => io.err(`${line}\n`));
  try {
    const trail = await storyModerationTrail(infra.store, storyId);
    if (trail.length === 0) {
      io.err('No such story in the event log.\n');
      return 1;
    }
    io.out(json ? `${JSON.stringify(trail, null, 2)}\n` : formatModerationTrail(storyId, trail));
    return 0;
  } finally {
    await infra.close();
  }
}
