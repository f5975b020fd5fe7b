import { chmod, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../launcher/embedded-postgres';

/**
 * A PostgreSQL of a test's own (embedded, in a temporary folder, on a port of its own), for
 * tests that stall, kill or restart the database: never the machine's shared one. A signal goes
 * to all its processes: the postmaster and each of its children (every child makes itself a
 * process group of its own, so the postmaster's group alone is not enough).
 */
export interface OwnPostgres {
  readonly url: string;
  /** Freezes every process of the server (SIGSTOP): connections stay open, nothing answers. */
  stall(): Promise<void>;
  /** Lets it run again (SIGCONT). */
  resume(): Promise<void>;
  /** SIGKILL to every process at once: nothing left in their memory reaches the disk. */
  kill(): Promise<void>;
  /** Starts it again on the same folder and port (crash recovery runs on the way up). */
  restart(): Promise<void>;
  /** Stops it (resumed first if stalled) and removes its folder. */
  remove(): Promise<void>;
}

export async function startOwnPostgres(label: string): Promise<OwnPostgres> {
  const dataDir = await mkdtemp(join(tmpdir(), `nocturne-${label}-`));
  await chmod(dataDir, 0o755); // as root, PostgreSQL runs as "postgres" and must enter it
  const log = () => {};
  let database: EmbeddedDatabase = await startEmbeddedPostgres(dataDir, log);
  const url = database.url;

  const postmasterPid = async () =>
    Number((await readFile(join(database.dir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
  let postmaster = await postmasterPid();
  /** The postmaster and its children, read from /proc. */
  const processes = async (): Promise<number[]> => {
    const children: number[] = [];
    for (const entry of await readdir('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
      // pid (comm) state ppid ...: the command may hold spaces and parentheses.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === postmaster) children.push(Number(entry));
    }
    return [postmaster, ...children];
  };
  const signal = async (name: NodeJS.Signals) => {
    for (const pid of await processes()) {
      try {
        process.kill(pid, name);
      } catch {}
    }
  };
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };

  return {
    url,
    stall: () => signal('SIGSTOP'),
    resume: () => signal('SIGCONT'),
    async kill() {
      // Frozen first, so that none of them sees another die and acts on it before its own end.
      const all = await processes();
      for (const pid of all) process.kill(pid, 'SIGSTOP');
      for (const pid of all) process.kill(pid, 'SIGKILL');
      for (let i = 0; i < 400 && all.some(alive); i++) await new Promise((r) => setTimeout(r, 25));
      if (all.some(alive)) throw new Error('PostgreSQL did not exit after SIGKILL');
    },
    async restart() {
      database = await startEmbeddedPostgres(dataDir, log);
      if (database.url !== url) throw new Error(`PostgreSQL came back at ${database.url}, not ${url}`);
      postmaster = await postmasterPid();
    },
    async remove() {
      await signal('SIGCONT');
      await database.stop().catch(() => {});
      await signal('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
