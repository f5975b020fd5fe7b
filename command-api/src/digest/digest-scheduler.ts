import type { EventStore } from '@nocturne/events/store';
import type { PiiVault } from '@nocturne/vault';
import { type DigestReader, digestDay, sendDigests } from './send-digests';

/** How often the scheduler looks at the clock. */
const CHECK_EVERY_MS = 60_000;

export interface DigestScheduler {
  /** The day's digests now (whatever the time); what the scheduler runs once a day. */
  runNow(now?: Date): Promise<{ sent: number; failed: number }>;
  stop(): void;
}

/** "HH:MM" (UTC) as minutes after midnight. */
export function minutesOfDay(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return hours! * 60 + minutes!;
}

/**
 * Runs the day's digests once the clock passes `at` (HH:MM, UTC), then again the next day. A
 * process started after that time runs them at once: sendDigests decides each member's digest on
 * its stream, so a restart or a second process sends none twice. `at` null: never by itself
 * (tests and tools call runNow).
 */
export function startDigestScheduler(options: {
  store: EventStore;
  /** Seals each creator's pen name under their key in the digest. */
  vault: Pick<PiiVault, 'encrypt'>;
  reader: DigestReader;
  at: string | null;
  clock: () => Date;
  log: (line: string) => void;
}): DigestScheduler {
  const { store, vault, reader, clock, log } = options;
  let doneDay: string | null = null;
  let running: Promise<{ sent: number; failed: number }> | null = null;

  const runNow = async (now = clock()) => {
    while (running) await running.catch(() => undefined);
    running = sendDigests(store, vault, reader, now, log);
    try {
      return await running;
    } finally {
      running = null;
    }
  };

  const check = async () => {
    const now = clock();
    const day = digestDay(now);
    if (options.at === null || doneDay === day) return;
    if (now.getUTCHours() * 60 + now.getUTCMinutes() < minutesOfDay(options.at)) return;
    try {
      const { sent, failed } = await runNow(now);
      // A run with failures is tried again at the next check; what it sent is not sent twice.
      if (failed === 0) doneDay = day;
      log(`digest: ${sent} digests for ${day}${failed ? `, ${failed} failed` : ''}`);
    } catch (error) {
      log(`digest: the run for ${day} failed (${error instanceof Error ? error.message : String(error)})`);
    }
  };

  const timer = options.at === null ? null : setInterval(() => void check(), CHECK_EVERY_MS);
  timer?.unref();
  if (options.at !== null) void check();
  return {
    runNow,
    stop() {
      if (timer) clearInterval(timer);
    },
  };
}
