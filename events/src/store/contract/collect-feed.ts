import type { EventStore, StoredEvent } from '../port';

/**
 * Subscribes after `after` and collects events until `done(collected)` holds, then stops the
 * subscription. Rejects when that takes longer than `timeoutMs`, with what it had collected.
 */
export async function collectFeed(
  store: EventStore,
  after: number,
  done: (collected: readonly StoredEvent[]) => boolean,
  options: { timeoutMs?: number; batchSize?: number } = {},
): Promise<StoredEvent[]> {
  const controller = new AbortController();
  const collected: StoredEvent[] = [];
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? 20_000);
  try {
    const feed = store.subscribe({
      after,
      signal: controller.signal,
      ...(options.batchSize ? { batchSize: options.batchSize } : {}),
    });
    for await (const event of feed) {
      collected.push(event);
      if (done(collected)) break;
    }
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  if (timedOut) {
    throw new Error(
      `subscription timed out after ${collected.length} events (last ${collected.at(-1)?.position})`,
    );
  }
  return collected;
}
