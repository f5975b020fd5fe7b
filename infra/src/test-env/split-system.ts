import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureServerBuilt, serverDist } from '../../bin/build.mjs';
import { ensureWebBuilt } from '../../bin/web-build.mjs';
import { freePort } from '../launcher/free-port';

/** The compiled split mode (supervisor, projector, command-api, query-api, gateway) for a test. */
export interface SplitSystem {
  /** The gateway: http://127.0.0.1:<port>. */
  base: string;
  /** Everything the processes printed so far. */
  output(): string;
  /** SIGTERM to the supervisor; the exit code it stopped with. */
  stop(): Promise<number | null>;
}

export const SPLIT_ADMIN_PASSWORD = 'split-test-admin-password';
export const SPLIT_APP_SECRET = 'split-test-app-secret-'.padEnd(64, 'a');
export const SPLIT_INTERNAL_TOKEN = 'split-test-internal-token-'.padEnd(64, 'b');

/** Starts split mode on `databaseUrl` with the given NATS (or none), and waits for its banner. */
export async function startSplitSystem(options: {
  databaseUrl: string;
  natsUrl?: string | undefined;
  natsSubjectPrefix?: string;
  /** How many processes of each (default 1 each, to spare the machine). */
  queryProcesses?: number;
  commandProcesses?: number;
  projectorProcesses?: number;
  /** EXPOSE_VERIFICATION_TOKEN: the signup answer carries the verification token. */
  exposeVerificationToken?: boolean;
  /** More of the services' environment (SMTP_URL, TRUST_PROXY, ...). */
  env?: Record<string, string>;
}): Promise<SplitSystem> {
  // The fault suite starts split mode outside the integration tier (whose global setup builds
  // web/dist first), so the build is checked here too; up to date, this only compares times.
  ensureWebBuilt({ log: () => {} });
  await ensureServerBuilt({ log: () => {} });
  const dataDir = await mkdtemp(join(tmpdir(), 'nocturne-split-test-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [join(serverDist, 'split.mjs')], {
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      NATS_URL: options.natsUrl ?? '',
      NATS_SUBJECT_PREFIX: options.natsSubjectPrefix ?? 'nocturne',
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: SPLIT_ADMIN_PASSWORD,
      APP_SECRET: SPLIT_APP_SECRET,
      INTERNAL_TOKEN: SPLIT_INTERNAL_TOKEN,
      ...(options.exposeVerificationToken ? { EXPOSE_VERIFICATION_TOKEN: 'true' } : {}),
      LOG_LEVEL: 'silent',
      SPLIT_GATEWAY_HOST: '127.0.0.1',
      SPLIT_QUERY_PROCESSES: String(options.queryProcesses ?? 1),
      SPLIT_COMMAND_PROCESSES: String(options.commandProcesses ?? 1),
      SPLIT_PROJECTOR_PROCESSES: String(options.projectorProcesses ?? 1),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes('is running at')) {
        clearInterval(timer);
        resolve();
      }
    }, 100);
    void exited.then((code) => {
      clearInterval(timer);
      reject(new Error(`split mode exited with ${code} during start:\n${output}`));
    });
  });
  return {
    base: `http://127.0.0.1:${port}`,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const code = await exited;
      await rm(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

/** A process's internal address, from the supervisor's banner (the same port after a restart); '' when it names none. */
export function internalAddress(split: Pick<SplitSystem, 'output'>, service: string): string {
  return new RegExp(`${service} (http://127\\.0\\.0\\.1:\\d+)`).exec(split.output())?.[1] ?? '';
}

/** Whether the projector process at `address` leads, as its /metrics says; undefined when it does not answer. */
export async function projectorLeads(address: string): Promise<boolean | undefined> {
  const metrics = await fetch(`${address}/metrics`, { signal: AbortSignal.timeout(2_000) })
    .then((r) => r.text())
    .catch(() => undefined);
  const value = metrics && /^nocturne_projector_leading (\d)/m.exec(metrics)?.[1];
  return value ? value === '1' : undefined;
}
