import { execFile } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { openEventStore } from '@nocturne/events/store/open';
import { uniqueName } from '@nocturne/events/testing';
import { Mailbox } from '@nocturne/test-kit/mailbox';
import {
  internalAddress,
  projectorLeads,
  type SplitSystem,
  startSplitSystem,
} from '../test-env/split-system';
import { newRow, type Row } from './fault-row';
import { startLoad } from './like-load';
import { CONNECTIONS, compareWithLog, type ReadSide } from './read-side';
import { startSignups } from './signup-mail';

const run = promisify(execFile);

/** Split mode as these rows run it: three projectors (one leads), two command-api processes. */
const PROJECTORS = ['projector', 'projector-2', 'projector-3'] as const;
const COMMAND_APIS = ['command-api', 'command-api-2'] as const;
type Service = (typeof PROJECTORS)[number] | (typeof COMMAND_APIS)[number];

/**
 * Between two kills. The supervisor starts a process of a role that runs several again while
 * it has died fewer than three times in a minute; with kills this far apart, even two processes
 * taking the lead in turn die at most twice in any minute, so every kill is answered by a restart.
 */
const KILL_SPACING_MS = 12_000;
/** A standby takes the lead within this long of the leader's death, or the row fails. */
const TAKEOVER_LIMIT_MS = 5_000;

/** A process's internal address, from the supervisor's banner (the same port after a restart). */
function addressOf(split: SplitSystem, service: Service): string {
  const address = internalAddress(split, service);
  if (!address) throw new Error(`the banner names no address for ${service}`);
  return address;
}

/** The process listening on a port now (its pid changes when the supervisor starts it again). */
async function pidListeningOn(address: string): Promise<number> {
  const port = new URL(address).port;
  const { stdout } = await run('ss', ['-ltnpH', `sport = :${port}`]);
  const pid = /pid=(\d+)/.exec(stdout)?.[1];
  if (!pid) throw new Error(`no process listens on ${address}`);
  return Number(pid);
}

const leads = (split: SplitSystem, projector: (typeof PROJECTORS)[number]) =>
  projectorLeads(addressOf(split, projector));

async function leader(split: SplitSystem): Promise<(typeof PROJECTORS)[number] | undefined> {
  const states = await Promise.all(PROJECTORS.map((p) => leads(split, p)));
  return PROJECTORS[states.indexOf(true)];
}

/** A sign-up under the leader kills, each mailed by the leading projector's reactor. */
const SIGNUP_EVERY_MS = 250;

/**
 * The leading projector SIGKILLed, again and again under the load: how long until another leads.
 * Sign-ups run beside the likes: their mails must each go once across the takeovers.
 */
async function leaderKilled(
  split: SplitSystem,
  side: ReadSide,
  stories: string[],
  perSecond: number,
  mailbox: Mailbox,
): Promise<Row> {
  const row = newRow('leading projector SIGKILL (split mode, 3 projectors)', 10);
  row.recoverLimitMs = TAKEOVER_LIMIT_MS;
  const load = await startLoad({ base: split.base, stories, perSecond, connections: CONNECTIONS });
  const signups = startSignups({ base: split.base, mailbox, everyMs: SIGNUP_EVERY_MS });
  const began = Date.now();
  let killed = 0;
  try {
    for (; killed < row.times; killed++) {
      await sleep(KILL_SPACING_MS);
      const victim = await leader(split);
      if (!victim) {
        row.recoverMs.push(Number.NaN);
        row.errors.set(
          'no projector led before a kill',
          (row.errors.get('no projector led before a kill') ?? 0) + 1,
        );
        continue;
      }
      process.kill(await pidListeningOn(addressOf(split, victim)), 'SIGKILL');
      const killedAt = Date.now();
      let took = Number.NaN;
      while (Date.now() - killedAt < 30_000) {
        const now = await leader(split);
        if (now && now !== victim) {
          took = Date.now() - killedAt;
          break;
        }
        await sleep(50);
      }
      row.recoverMs.push(took);
    }
  } finally {
    const tally = await load.stop();
    const rate = Math.round(tally.acked.length / ((Date.now() - began) / 1000));
    row.mail = await signups.stop();
    await compareWithLog(side, stories, row, tally);
    row.note = `${rate} likes/s acknowledged; takeover limit ${TAKEOVER_LIMIT_MS / 1000} s`;
  }
  return row;
}

/** Until a process answers its /healthz again after a restart. */
async function answersAgain(address: string, since: number): Promise<number> {
  while (Date.now() - since < 60_000) {
    const status = await fetch(`${address}/healthz`, { signal: AbortSignal.timeout(2_000) }).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return Date.now() - since;
    await sleep(100);
  }
  return Number.NaN;
}

/**
 * One of the two command-api processes SIGKILLed under the load, each in turn. A like in flight
 * to the killed process is answered 502 by the gateway (the client cannot know whether it was
 * stored, and tries again with its Idempotency-Key); none acknowledged may be lost.
 */
async function commandApiKilled(
  split: SplitSystem,
  side: ReadSide,
  stories: string[],
  perSecond: number,
): Promise<Row> {
  const row = newRow('one of two command-api processes SIGKILL (split mode)', 4, [502, 503]);
  const load = await startLoad({ base: split.base, stories, perSecond, connections: CONNECTIONS });
  const began = Date.now();
  try {
    for (let i = 0; i < row.times; i++) {
      await sleep(KILL_SPACING_MS);
      const address = addressOf(split, COMMAND_APIS[i % COMMAND_APIS.length]!);
      process.kill(await pidListeningOn(address), 'SIGKILL');
      row.recoverMs.push(await answersAgain(address, Date.now()));
    }
  } finally {
    const tally = await load.stop();
    await compareWithLog(side, stories, row, tally);
    const rate = Math.round(tally.acked.length / ((Date.now() - began) / 1000));
    row.note = `${rate} likes/s acknowledged; ${tally.statuses.get(502) ?? 0} answers were 502 (in flight to a killed process)`;
  }
  return row;
}

/**
 * The rows of split mode: the product as `npm run start:split` runs it, on the suite's own
 * PostgreSQL and NATS and the same log (the single process is stopped first), under the load of
 * likes. Time to recover is the standby's takeover, and the killed command-api's return.
 */
export async function splitRows(options: {
  databaseUrl: string;
  natsUrl: string;
  stories: string[];
  perSecond: number;
  log: (line: string) => void;
}): Promise<Row[]> {
  const mailbox = await Mailbox.start();
  const split = await startSplitSystem({
    databaseUrl: options.databaseUrl,
    natsUrl: options.natsUrl,
    natsSubjectPrefix: uniqueName('faults-split'),
    projectorProcesses: PROJECTORS.length,
    commandProcesses: COMMAND_APIS.length,
    queryProcesses: 1,
    // The sign-ups' mails to the suite's own relay; each sign-up from an address of its own.
    env: { SMTP_URL: mailbox.smtpUrl, TRUST_PROXY: 'loopback' },
  });
  const store = await openEventStore({ databaseUrl: options.databaseUrl });
  // The head of the log: query-api waits (X-Min-Position) until the leading projector has it.
  const side: ReadSide = { store, base: split.base, caughtUp: () => store.headPosition() };
  try {
    options.log('split mode up: 3 projectors, 2 command-api processes, behind the gateway');
    const rows = [await leaderKilled(split, side, options.stories, options.perSecond, mailbox)];
    options.log('leader kills done');
    rows.push(await commandApiKilled(split, side, options.stories, options.perSecond));
    options.log('command-api kills done');
    return rows;
  } finally {
    await store.close();
    await split.stop();
    await mailbox.stop();
  }
}
