import type { EventLogBrowser, LogFilter, Page, StreamSummary } from './log-browser';
import type { EventStore, StoredEvent } from './port';

const CHUNK = 1000;

/**
 * The event browser over the store port alone, for a store without the PostgreSQL tables
 * (EventStoreDB, the memory store of unit tests): each page reads the log from its start, so it
 * suits a small log; EventStoreDB's own stream browser serves a large one. The answers are the
 * PostgreSQL browser's, page for page.
 */
export class ScanningLogBrowser implements EventLogBrowser {
  constructor(private readonly store: EventStore) {}

  private async scan(keep: (event: StoredEvent) => boolean): Promise<StoredEvent[]> {
    const kept: StoredEvent[] = [];
    for (let after = 0; ; ) {
      const chunk = await this.store.readAll(after, CHUNK);
      for (const event of chunk) if (keep(event)) kept.push(event);
      if (chunk.length < CHUNK) return kept;
      after = chunk.at(-1)!.position;
    }
  }

  async streams(category: string, after: string | null, limit: number): Promise<Page<StreamSummary, string>> {
    const prefix = `${category}-`;
    const revisions = new Map<string, number>();
    for (const event of await this.scan((e) => e.streamName.startsWith(prefix)))
      revisions.set(event.streamName, event.streamRevision);
    // Code-unit order: the "C" collation of the PostgreSQL browser.
    const names = [...revisions.keys()].sort().filter((name) => after === null || name > after);
    const items = names.slice(0, limit).map((name) => ({ name, revision: revisions.get(name)! }));
    return { items, next: names.length > limit ? items.at(-1)!.name : null };
  }

  async streamEvents(
    stream: string,
    before: number | null,
    limit: number,
  ): Promise<Page<StoredEvent, number>> {
    const older = (await this.store.readStream(stream))
      .filter((e) => before === null || e.streamRevision < before)
      .reverse();
    const items = older.slice(0, limit);
    return { items, next: older.length > limit ? items.at(-1)!.streamRevision : null };
  }

  async events(filter: LogFilter, before: number | null, limit: number): Promise<Page<StoredEvent, number>> {
    const types = filter.types && filter.types.length > 0 ? new Set(filter.types) : null;
    const older = (
      await this.scan(
        (e) =>
          (before === null || e.position < before) &&
          (types === null || types.has(e.type)) &&
          (!filter.from || e.recordedAt >= filter.from) &&
          (!filter.to || e.recordedAt < filter.to),
      )
    ).reverse();
    const items = older.slice(0, limit);
    return { items, next: older.length > limit ? items.at(-1)!.position : null };
  }

  async event(position: number): Promise<StoredEvent | null> {
    const [event] = await this.store.readAll(position - 1, 1);
    return event?.position === position ? event : null;
  }

  async correlated(correlationId: string, limit: number): Promise<StoredEvent[]> {
    const found = await this.scan(
      (e) => (e.metadata as { correlationId?: unknown } | null)?.correlationId === correlationId,
    );
    return found.slice(0, limit);
  }
}
