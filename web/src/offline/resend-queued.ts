import { flushActions, queuedActions } from './action-queue';

/**
 * The pauses before each run that sends queued actions again, in turn, then the last one each
 * time. A first request right after the browser says it is online again can still fail, and a
 * server that is restarting answers a moment later: the first pause is short, and a server down
 * for long is asked about twice a minute, not hammered.
 */
export const RESEND_PAUSES_MS: readonly number[] = [1_000, 2_000, 5_000, 10_000, 30_000];

export interface ResendOptions {
  /** Stops the runs (the browser offline again, another account signed in). */
  signal: AbortSignal;
  /** Told how many actions landed, after each run in which some did. */
  onLanded?: (landed: number) => void;
  pauses?: readonly number[];
}

/**
 * Sends `account`'s queued actions until none is left or `signal` aborts, pausing before each
 * run (`RESEND_PAUSES_MS`). Each run is `flushActions`, so every action keeps its key and lands
 * once however many runs it takes.
 *
 * @example
 * const stop = new AbortController();
 * void resendUntilSent('ann', { signal: stop.signal, onLanded: () => refetchCounts() });
 * window.addEventListener('offline', () => stop.abort(), { once: true });
 */
export async function resendUntilSent(
  account: string,
  { signal, onLanded, pauses = RESEND_PAUSES_MS }: ResendOptions,
): Promise<void> {
  for (let run = 0; queuedActions(account).length > 0; run += 1) {
    await pause(pauses[Math.min(run, pauses.length - 1)] ?? 0, signal);
    if (signal.aborted) return;
    const landed = await flushActions(account);
    if (landed > 0) onLanded?.(landed);
  }
}

/** Resolves after `ms`, or as soon as `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}
