import type { StoredEvent } from './port';

/**
 * Read-only browsing of the whole log for the auditor's console: streams by category, a stream
 * or the global log newest first, one event, and every event one request caused. Pages are cut
 * by position (or revision) and the cursor is the last one shown: an event appended while
 * someone pages is newer than every page after the first, so it never shifts them (no gap, no
 * repeat).
 */
export interface EventLogBrowser {
  /** The streams of a category (`user`, `story`, ...), by name, `limit` after the cursor's name. */
  streams(category: string, after: string | null, limit: number): Promise<Page<StreamSummary, string>>;
  /** A stream's events newest first: revisions below `before` (null: from its last). */
  streamEvents(stream: string, before: number | null, limit: number): Promise<Page<StoredEvent, number>>;
  /** The global log newest first, positions below `before`, of the given types and times. */
  events(filter: LogFilter, before: number | null, limit: number): Promise<Page<StoredEvent, number>>;
  /** One event by its global position. */
  event(position: number): Promise<StoredEvent | null>;
  /** The events carrying this correlation id, oldest first, at most `limit`. */
  correlated(correlationId: string, limit: number): Promise<StoredEvent[]>;
}

export interface Page<T, Cursor> {
  items: T[];
  /** Where the next page starts (exclusive); null on the last page. */
  next: Cursor | null;
}

export interface StreamSummary {
  name: string;
  /** The revision of its last event (0-based): one less than its event count. */
  revision: number;
}

export interface LogFilter {
  /** Empty or absent: every type. */
  types?: readonly string[];
  /** Recorded at or after. */
  from?: Date;
  /** Recorded before. */
  to?: Date;
}

/** The largest page any browse answers: the console shows pages, never the log. */
export const MAX_BROWSE_PAGE = 200;
