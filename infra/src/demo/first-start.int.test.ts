import { type ChildProcess, spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureServerBuilt, serverDist } from '../../bin/build.mjs';
import { freePort } from '../launcher/free-port';

/**
 * `npm start` as a new user runs it: the compiled launcher, no DATABASE_URL (the embedded
 * PostgreSQL in an empty DATA_DIR), then a second start on the same DATA_DIR.
 */
const launcher = join(serverDist, 'start.mjs');
const ADMIN_PASSWORD = 'first-start-admin-password';

let dataDir: string;
let port: number;

interface Started {
  output: string;
  stop(): Promise<void>;
}

async function start(): Promise<Started> {
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [launcher], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      EVENTSTORE_URL: '',
      NATS_URL: '',
      DEMO: '',
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
  await new Promise<void>((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Press Ctrl+C to stop.')) resolve();
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    void exited.then((code) => reject(new Error(`the launcher exited (${code}):\n${output}`)));
    setTimeout(() => reject(new Error(`no start banner within 150 s:\n${output}`)), 150_000).unref();
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { output, stop };
}

const base = () => `http://127.0.0.1:${port}`;
const stories = async () => (await (await fetch(`${base()}/api/stories`)).json()) as { isPremium: boolean }[];

beforeAll(async () => {
  await ensureServerBuilt({ log: () => {} });
  dataDir = await mkdtemp(join(tmpdir(), 'nocturne-first-start-'));
  // Run as root, the embedded PostgreSQL's own user must be able to enter it.
  await chmod(dataDir, 0o711);
  port = await freePort();
}, 300_000);
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('npm start on an empty DATA_DIR', () => {
  let reader: { email: string; password: string };

  it('creates the demo library and prints the demo reader beside the admin password', async () => {
    const first = await start();
    try {
      expect(first.output).toContain('creating the demo library');
      const printed = first.output.match(/demo reader {4}: (\S+) \/ (\S+)/);
      expect(printed).not.toBeNull();
      reader = { email: printed![1]!, password: printed![2]! };
      expect(first.output).toContain(`admin password : (set by ADMIN_PASSWORD)`);

      // The projector catches up within moments; the list is what a visitor sees.
      let listed = await stories();
      for (let i = 0; i < 50 && listed.length < 12; i++) {
        await new Promise((r) => setTimeout(r, 200));
        listed = await stories();
      }
      expect(listed.length).toBeGreaterThanOrEqual(12);
      expect(listed.filter((s) => s.isPremium).length * 3).toBe(listed.length);

      const login = await fetch(`${base()}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(reader),
      });
      expect(login.status).toBe(200);
      expect(((await login.json()) as { user: { is_subscribed: boolean } }).user.is_subscribed).toBe(true);
    } finally {
      await first.stop();
    }
  }, 240_000);

  it('a second start finds a log that holds something: no new demo, the same reader printed', async () => {
    const second = await start();
    try {
      expect(second.output).not.toContain('creating the demo library');
      expect(second.output).toContain(`demo reader    : ${reader.email} / ${reader.password}`);
      expect((await stories()).length).toBe(12);
    } finally {
      await second.stop();
    }
  }, 240_000);
});
