import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureServerBuilt, serverDist } from '../../bin/build.mjs';

/** The compiled one-process product (what `npm start` runs) as a child process of a test. */
export interface OneProcessChild {
  /** Everything it printed so far. */
  output(): string;
  /** Sends `signal` (SIGKILL: a crash, nothing finished) and waits for it to exit. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

/**
 * Starts `infra/dist/start.mjs` (built first when its sources changed) with `env` over this
 * process's environment and resolves once its start banner is printed. A test that kills it and
 * starts it again with the same env (DATABASE_URL, PORT, DATA_DIR) gets the same product back.
 */
export async function startOneProcessChild(env: Record<string, string>): Promise<OneProcessChild> {
  await ensureServerBuilt({ log: () => {} });
  const child: ChildProcess = spawn(process.execPath, [join(serverDist, 'start.mjs')], {
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes('Nocturne is running at')) {
        clearInterval(timer);
        resolve();
      }
    }, 50);
    void exited.then(() => {
      clearInterval(timer);
      reject(new Error(`the product exited during its start:\n${output}`));
    });
  }).catch(async (error: unknown) => {
    await kill('SIGKILL');
    throw error;
  });
  return { output: () => output, kill };
}
