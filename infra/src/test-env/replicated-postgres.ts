import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../launcher/free-port';

const run = promisify(execFile);

/** The machine's PostgreSQL server binaries (Debian's layout), which pg_basebackup comes with. */
const BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';

/**
 * A primary and a streaming replica of a test's own, made from the machine's PostgreSQL binaries
 * (initdb, then pg_basebackup of the primary), each in a temporary folder on a port of its own.
 * As root the servers run as the `postgres` user, which PostgreSQL asks for.
 */
export interface ReplicatedPostgres {
  readonly primaryUrl: string;
  readonly replicaUrl: string;
  /** Stops the replica applying WAL (`pg_wal_replay_pause()`): it answers, from the past. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** Stops the replica (fast shutdown) and starts it again. */
  stopReplica(): Promise<void>;
  startReplica(): Promise<void>;
  /** SIGKILL to the primary's postmaster and children (immediate stop: nothing flushed after). */
  killPrimary(): Promise<void>;
  /** Promotes the replica to a primary (`pg_ctl promote`) and waits until it takes writes. */
  promoteReplica(): Promise<void>;
  remove(): Promise<void>;
}

/** Whether this machine can make one: the binaries are there, and we may run them as postgres. */
export function canReplicate(): boolean {
  return existsSync(join(BIN, 'pg_basebackup')) && (userInfo().uid !== 0 || existsSync('/usr/sbin/runuser'));
}

const asPostgres = (command: string, args: string[]) =>
  userInfo().uid === 0
    ? run('/usr/sbin/runuser', ['-u', 'postgres', '--', join(BIN, command), ...args])
    : run(join(BIN, command), args);

async function waitForConnection(url: string, withinMs = 30_000): Promise<void> {
  const began = Date.now();
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => {});
      if (Date.now() - began > withinMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

async function query(url: string, text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * @param options.synchronous the primary acknowledges a commit only once the replica has it
 *   (`synchronous_standby_names`, `synchronous_commit = on`).
 */
export async function startReplicatedPostgres(
  options: { synchronous?: boolean } = {},
): Promise<ReplicatedPostgres> {
  const root = await mkdtemp(join(tmpdir(), 'nocturne-replicated-'));
  await chmod(root, 0o755);
  const primaryDir = join(root, 'primary');
  const replicaDir = join(root, 'replica');
  for (const dir of [primaryDir, replicaDir]) {
    await mkdir(dir, { mode: 0o700 });
    if (userInfo().uid === 0) {
      const { stdout } = await run('id', ['-u', 'postgres']);
      const { stdout: group } = await run('id', ['-g', 'postgres']);
      await chown(dir, Number(stdout), Number(group));
    }
  }
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const url = (port: number) => `postgres://postgres@127.0.0.1:${port}/postgres`;

  await asPostgres('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '--no-sync']);
  await writeFile(
    join(primaryDir, 'postgresql.auto.conf'),
    [
      `port = ${primaryPort}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${primaryDir}'`,
      'wal_level = replica',
      'max_wal_senders = 4',
      'fsync = on',
      options.synchronous ? "synchronous_standby_names = 'replica'" : '',
      '',
    ].join('\n'),
  );
  await writeFile(
    join(primaryDir, 'pg_hba.conf'),
    'host all all 127.0.0.1/32 trust\nhost replication all 127.0.0.1/32 trust\nlocal all all trust\n',
  );
  const pgCtl = (dir: string, ...args: string[]) =>
    asPostgres('pg_ctl', ['-D', dir, '-l', join(dir, 'server.log'), '-w', '-t', '60', ...args]);
  await pgCtl(primaryDir, 'start');

  await asPostgres('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(primaryPort),
    '-U',
    'postgres',
    '-D',
    replicaDir,
    '-X',
    'stream',
    '-R',
    '--no-sync',
  ]);
  // The base backup copied the primary's settings; the replica has its own port, folder and name.
  await writeFile(
    join(replicaDir, 'postgresql.auto.conf'),
    [
      `port = ${replicaPort}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${replicaDir}'`,
      'hot_standby = on',
      "synchronous_standby_names = ''",
      `primary_conninfo = 'host=127.0.0.1 port=${primaryPort} user=postgres application_name=replica'`,
      '',
    ].join('\n'),
  );
  await pgCtl(replicaDir, 'start');
  await waitForConnection(url(replicaPort));

  const postmasterOf = async (dir: string) => {
    const { stdout } = await run('head', ['-n', '1', join(dir, 'postmaster.pid')]);
    return Number(stdout.trim());
  };

  return {
    primaryUrl: url(primaryPort),
    replicaUrl: url(replicaPort),
    async pauseReplay() {
      await query(url(replicaPort), 'select pg_wal_replay_pause()');
    },
    async resumeReplay() {
      await query(url(replicaPort), 'select pg_wal_replay_resume()');
    },
    async stopReplica() {
      await pgCtl(replicaDir, 'stop', '-m', 'fast');
    },
    async startReplica() {
      await pgCtl(replicaDir, 'start');
      await waitForConnection(url(replicaPort));
    },
    async killPrimary() {
      const pid = await postmasterOf(primaryDir);
      // Its children first (they would otherwise notice and exit in their own time), then it.
      await run('pkill', ['-KILL', '-P', String(pid)]).catch(() => {});
      process.kill(pid, 'SIGKILL');
      for (let i = 0; i < 200; i++) {
        try {
          process.kill(pid, 0);
          await new Promise((resolve) => setTimeout(resolve, 25));
        } catch {
          return;
        }
      }
    },
    async promoteReplica() {
      await pgCtl(replicaDir, 'promote');
      for (let i = 0; i < 200; i++) {
        const { rows } = await query(url(replicaPort), 'select pg_is_in_recovery() as recovering');
        if (rows[0]?.recovering === false) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('the replica did not leave recovery');
    },
    async remove() {
      for (const dir of [replicaDir, primaryDir]) await pgCtl(dir, 'stop', '-m', 'immediate').catch(() => {});
      await rm(root, { recursive: true, force: true });
    },
  };
}
