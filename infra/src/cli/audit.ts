import { parseArgs } from 'node:util';
import {
  formatHistory,
  formatModerationTrail,
  replayAccountHistory,
  replayUserHistory,
  storyModerationTrail,
} from '@nocturne/query-api';
import type { AppConfig } from '../config';
import { connectInfrastructure } from '../system/connect';

const usage = [
  'Usage: npm run audit -- --email <address> [--as-of <ISO time>] [--json]',
  '       npm run audit -- --account <account id> [--as-of <ISO time>] [--json]',
  '       npm run audit -- --story <story id> [--json]',
].join('\n');

export interface AuditIo {
  out: (text: string) => void;
  err: (text: string) => void;
}

/**
 * `npm run audit -- --email <address> [--as-of <ISO time>]`: the audit replay of the account an
 * address holds, read from whichever event store is configured (EVENTSTORE_URL or the Postgres
 * store), with personal fields decrypted by the vault. `--account <id>` replays an account by
 * its id, an erased one too (the address no longer leads to it). Returns the process exit code.
 */
export async function runAudit(
  argv: readonly string[],
  config: AppConfig,
  io: AuditIo = { out: (t) => process.stdout.write(t), err: (t) => process.stderr.write(t) },
): Promise<number> {
  let values: {
    email?: string | undefined;
    account?: string | undefined;
    story?: string | undefined;
    'as-of'?: string | undefined;
    json?: boolean | undefined;
  };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        email: { type: 'string' },
        account: { type: 'string' },
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
  if (!values.email && !values.account) {
    io.err(`--email, --account or --story is required\n${usage}\n`);
    return 2;
  }
  const asOf = values['as-of'] ? new Date(values['as-of']) : new Date();
  if (Number.isNaN(asOf.getTime())) {
    io.err(`--as-of must be an ISO time such as 2025-01-31T12:00:00Z\n${usage}\n`);
    return 2;
  }
  const infra = await connectInfrastructure(config, (line) => io.err(`${line}\n`));
  try {
    const history = values.account
      ? await accountHistory(infra, values.account, io, asOf)
      : await addressHistory(infra, values.email!, io, asOf);
    if (!history) return 1;
    io.out(values.json ? `${JSON.stringify(history, null, 2)}\n` : formatHistory(history));
    return 0;
  } finally {
    await infra.close();
  }
}

type Infrastructure = Awaited<ReturnType<typeof connectInfrastructure>>;

/** The replay of an account by its id; undefined (said on `err`) for an id no account had. */
async function accountHistory(infra: Infrastructure, accountId: string, io: AuditIo, asOf: Date) {
  const history = await replayAccountHistory(infra, accountId, asOf);
  if (!history) io.err('No account with this id in the event log.\n');
  return history;
}

/** The replay of the account an address holds now; undefined (said on `err`) when it holds none. */
async function addressHistory(infra: Infrastructure, email: string, io: AuditIo, asOf: Date) {
  const history = await replayUserHistory({ store: infra.store, vault: infra.vault }, email, asOf);
  if (!history.found) {
    // An erased account is not reached from its address any more: this answer is the same.
    io.err(
      'No history for this address: no account holds it. ' +
        'An erased account is replayed by account id: npm run audit -- --account <id>\n',
    );
    return undefined;
  }
  if (history.erased) {
    io.err(
      'The account of this address was deleted and its personal data erased: the address leads to nothing of it. ' +
        'Its records are replayed by account id: npm run audit -- --account <id>\n',
    );
    return undefined;
  }
  return history;
}

/** `--story <id>`: the story's moderation trail (reports, decisions, appeals) with who and why. */
async function auditStory(storyId: string, json: boolean, config: AppConfig, io: AuditIo): Promise<number> {
  const infra = await connectInfrastructure(config, (line) => io.err(`${line}\n`));
  try {
    const trail = await storyModerationTrail(infra.store, infra.vault, storyId);
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
