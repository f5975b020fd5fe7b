import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { LagFigures, LagMeasurement } from './like-lag-client';
import { startOneProcess } from './likes-over-http';

/** The measured seconds, and apart from them the warm-up's seconds after the server's start. */
export interface LagResult extends LagFigures {
  warmUp: LagFigures;
  warmUpSeconds: number;
}

/** The client, forked with the bench's own loader (tsx), so it runs from the TypeScript source. */
const clientPath = fileURLToPath(new URL('./like-lag-client.ts', import.meta.url));

/** Runs the client in a process of its own against `storyUrl`; its figures, or its failure. */
function runClient(
  storyUrl: string,
  rate: number,
  warmUpSeconds: number,
  seconds: number,
): Promise<LagMeasurement> {
  return new Promise((resolve, reject) => {
    const child = fork(clientPath, [storyUrl, String(rate), String(warmUpSeconds), String(seconds)], {
      stdio: 'inherit',
    });
    let answered = false;
    child.once('message', (message: { measurement?: LagMeasurement; error?: string }) => {
      answered = true;
      if (message.measurement) resolve(message.measurement);
      else reject(new Error(`the lag client failed: ${message.error}`));
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (!answered) reject(new Error(`the lag client exited (${code}) without its figures`));
    });
  });
}

/**
 * Lag under load: likes arrive at `rate` per second, paced, on one story of the one-process
 * server, while a reader polls that story (like-lag-client.ts, in a process of its own).
 *
 * The first seconds after the server's start are a warm-up, measured apart and reported beside the
 * figures, as the likes and read suites warm up before they measure: there the server's code is
 * not yet compiled and its database connections are being opened (each some 5 ms, and 10 ms more
 * for the append function's first call), so the projector's first batches are many times slower
 * than later ones (docs/performance.md, "Lag"). The figures are the `seconds` after the warm-up:
 * the lag of a server that runs.
 */
export async function benchLikeLag(
  postgresUrl: string,
  log: (line: string) => void,
  options: { rate?: number; warmUpSeconds?: number; seconds?: number } = {},
): Promise<LagResult> {
  const rate = options.rate ?? 1000;
  const warmUpSeconds = options.warmUpSeconds ?? 3;
  const seconds = options.seconds ?? 5;
  const system = await startOneProcess(postgresUrl, 1);
  try {
    const { warmUp, figures, polls } = await runClient(
      `${system.baseUrl}/api/stories/${system.ids[0]}`,
      rate,
      warmUpSeconds,
      seconds,
    );
    const ms = (n: number) => `${n.toFixed(1)} ms`;
    log(
      `warm-up, the first ${warmUpSeconds} s after the start (${warmUp.likes.toLocaleString('en')} likes): acknowledgement -> visible ` +
        `p50 ${ms(warmUp.p50Ms)}, p99 ${ms(warmUp.p99Ms)}, max ${ms(warmUp.maxMs)} (not in the figures)`,
    );
    log(
      `lag under load (${figures.likes.toLocaleString('en')} likes paced at ${Math.round(figures.ratePerSecond)}/s, one story, ` +
        `${polls.toLocaleString('en')} reader polls, the client in a process of its own): acknowledgement -> visible ` +
        `p50 ${ms(figures.p50Ms)}, p99 ${ms(figures.p99Ms)}, max ${ms(figures.maxMs)}`,
    );
    return { ...figures, warmUp, warmUpSeconds };
  } finally {
    await system.stop();
  }
}
