import { type ChildProcess, spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '@nocturne/infra/bin/web-build';
import type { DemoReader } from '@nocturne/infra/demo/create-demo';
import { keptDemoCreator, keptDemoReader } from '@nocturne/infra/demo/first-start';
import { freePort } from '@nocturne/infra/launcher/free-port';

/** `npm start` (bootstrap.mjs start) as a child process on a free port and a temporary DATA_DIR. */
export interface NpmStart {
  baseUrl: string;
  adminPassword: string;
  dataDir: string;
  /** The bootstrap process's id (the server runs as its child). */
  pid: number;
  output(): string;
  stop(): Promise<void>;
}

/**
 * Runs the product exactly as `npm start` runs it (web build check, launcher), with `env` on top
 * of this process's environment; resolves once its start banner is printed. `root` is the
 * checkout to run: this one, or an earlier commit's (./baseline-checkout.ts) to compare with.
 */
export async function runNpmStart(env: Record<string, string>, root: string = repoRoot): Promise<NpmStart> {
  const bootstrap = join(root, 'infra/bin/bootstrap.mjs');
  const dataDir = await mkdtemp(join(tmpdir(), 'nocturne-bench-web-'));
  // mkdtemp makes it 700; run as root, the embedded PostgreSQL's own user must enter it.
  await chmod(dataDir, 0o711);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const adminPassword = 'bench-web-admin-password';
  const child: ChildProcess = spawn(process.execPath, [bootstrap, 'start'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: adminPassword,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Nocturne is running at')) resolve();
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      void exited.then((code) => reject(new Error(`npm start exited (${code}):\n${output}`)));
      setTimeout(
        () => reject(new Error(`npm start did not start within 180 s:\n${output}`)),
        180_000,
      ).unref();
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, adminPassword, dataDir, pid: child.pid ?? 0, output: () => output, stop };
}

export interface RunningProduct {
  baseUrl: string;
  adminPassword: string;
  /** The demo library's reader (premium), made by the first start. */
  demoReader: DemoReader;
  /** The demo library's creator (the one the reader follows), made by the first start. */
  demoCreator: DemoReader;
  stop(): Promise<void>;
}

/**
 * The product exactly as a first `npm start` runs it (bootstrap.mjs start: web build check,
 * launcher, the embedded PostgreSQL in an empty DATA_DIR, hence the demo library), as a child
 * process on a free port. Resolves once its start banner is printed.
 */
export async function startProduct(): Promise<RunningProduct> {
  const started = await runNpmStart({
    // No DATABASE_URL: the embedded database, and with the empty log, the demo library.
    DATABASE_URL: '',
    NATS_URL: '',
    DEMO: '1',
  });
  const demoReader = keptDemoReader(started.dataDir);
  const demoCreator = keptDemoCreator(started.dataDir);
  if (!demoReader || !demoCreator) {
    await started.stop();
    throw new Error(`the first start made no demo library:\n${started.output()}`);
  }
  return {
    baseUrl: started.baseUrl,
    adminPassword: started.adminPassword,
    demoReader,
    demoCreator,
    stop: started.stop,
  };
}
