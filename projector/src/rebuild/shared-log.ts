import type { EventStore, StoredEvent } from '@nocturne/events/store';

interface Reader {
  /** Where its last read started; undefined while it reads nothing (not started, or done). */
  at: number | undefined;
}

/**
 * One read of the log for several runners that go through it side by side (a rebuild's lanes):
 * each gets a store of its own (`reader()`) whose `readAll` hands out the answer of the first
 * reader that asked for the same range, so the log is read, and each event decoded (the runner
 * decodes a stored event once, whoever asks), once for all of them. A reader may run at most
 * `ahead` events before the slowest active one: its read waits until that one catches up, so
 * at most a few batches are held in memory whatever the log's length. A reader that has
 * finished a catch-up says so (`idle`) and no longer holds the others back.
 */
export class SharedLog {
  private readonly reads = new Map<string, { after: number; events: Promise<StoredEvent[]> }>();
  private readonly readers: Reader[] = [];
  private waiting: (() => void)[] = [];

  constructor(
    private readonly store: EventStore,
    private readonly ahead: number,
  ) {}

  /** A store for one runner: the shared `readAll`, everything else the store's own. */
  reader(): { store: EventStore; idle: () => void } {
    const reader: Reader = { at: undefined };
    this.readers.push(reader);
    const store = this.store;
    const shared: EventStore = {
      kind: store.kind,
      append: (...args) => store.append(...args),
      readStream: (name) => store.readStream(name),
      readStreamTypes: (name, types) => store.readStreamTypes(name, types),
      readAll: (after, limit) => this.readAll(reader, after, limit),
      readTypes: (...args) => store.readTypes(...args),
      subscribe: (options) => store.subscribe(options),
      headPosition: () => store.headPosition(),
      close: () => store.close(),
    };
    return {
      store: shared,
      idle: () => {
        reader.at = undefined;
        this.wake();
      },
    };
  }

  private slowest(): number | undefined {
    let slowest: number | undefined;
    for (const r of this.readers) {
      if (r.at !== undefined && (slowest === undefined || r.at < slowest)) slowest = r.at;
    }
    return slowest;
  }

  private wake(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const resume of waiting) resume();
    // Ranges every active reader has read past are no longer wanted.
    const slowest = this.slowest();
    for (const [key, read] of this.reads) {
      if (slowest === undefined || read.after < slowest) this.reads.delete(key);
    }
  }

  private async readAll(reader: Reader, after: number, limit: number): Promise<StoredEvent[]> {
    reader.at = after;
    this.wake();
    for (;;) {
      const slowest = this.slowest();
      if (slowest === undefined || after - slowest <= this.ahead) break;
      await new Promise<void>((resume) => this.waiting.push(resume));
    }
    const key = `${after}:${limit}`;
    let read = this.reads.get(key);
    if (!read) {
      read = { after, events: this.store.readAll(after, limit) };
      // A failed read is not kept: the runner reads again.
      read.events.catch(() => this.reads.delete(key));
      this.reads.set(key, read);
    }
    return read.events;
  }
}
