import { type ChildProcess, spawn } from 'node:child_process';
import { freePort } from '../launcher/free-port';
import { portAnswers } from './probe';

/** Where the NATS server binary is looked for (NATS_SERVER_BIN overrides). */
const NATS_SERVER_BIN = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';

/**
 * A NATS server of a test's own, on a port of its own, for tests that stop and start it (never
 * the machine's shared one). `stop()` kills it; `start()` brings it back on the same port.
 */
export interface OwnNats {
  readonly url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export async function startOwnNats(): Promise<OwnNats> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const own: OwnNats = {
    url: `nats://127.0.0.1:${port}`,
    async start() {
      child = spawn(NATS_SERVER_BIN, ['-a', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
      for (let i = 0; i < 100 && !(await portAnswers('127.0.0.1', port)); i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      if (!(await portAnswers('127.0.0.1', port))) throw new Error(`nats-server did not listen on ${port}`);
    },
    async stop() {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    },
  };
  await own.start();
  return own;
}
