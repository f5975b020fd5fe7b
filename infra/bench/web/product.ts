import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase } from '@nocturne/events/testing';
import { repoRoot } from '../../bin/web-build.mjs';
import { freePort } from '../../src/launcher/free-port';
import type { TestServices } from '../../src/test-env/pick-services';

const bootstrap = fileURLToPath(new URL('../../bin/bootstrap.mjs', import.meta.url));

export interface RunningProduct {
  baseUrl: string;
  /** The bootstrap process's id (the server runs as its child). */
  pid: number;
  /** Its database (read models and, without EVENTSTORE_URL, the event store). */
  databaseUrl: string;
  adminPassword: string;
  stop(): Promise<void>;
}

/**
 * The product exactly as `npm start` runs it (bootstrap.mjs start: web build check, launcher),
 * as a child process on a free port, a temporary DATA_DIR and a fresh database of its own on the
 * services the benchmarks use. Resolves once its start banner is printed.
 */
export async function startProduct(services: TestServices): Promise<RunningProduct> {
  process.env.TEST_DATABASE_URL = services.postgresUrl;
  const database = await createTestDatabase('bench_web');
  const dataDir = await mkdtemp(join(tmpdir(), 'nocturne-bench-web-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const adminPassword = 'bench-web-admin-password';
  const child: ChildProcess = spawn(process.execPath, [bootstrap, 'start'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      NATS_URL: services.natsUrl ?? '',
      NATS_SUBJECT_PREFIX: database.name,
      ADMIN_PASSWORD: adminPassword,
      EXPOSE_VERIFICATION_TOKEN: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    await database.drop();
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
  return { baseUrl, pid: child.pid ?? 0, databaseUrl: database.url, adminPassword, stop };
}
