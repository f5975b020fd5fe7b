import type { StoredEvent } from '../port';

/** A row of es_events as pg answers it (bigints as strings). */
export interface EventRow {
  position: string;
  event_id: string;
  stream_name: string;
  stream_revision: string;
  type: string;
  data: unknown;
  metadata: unknown;
  /** Milliseconds since the epoch (EVENT_COLUMNS). */
  recorded_at: number;
}

/**
 * The columns of an EventRow, for a select list. The time comes as the milliseconds of the Date
 * pg would parse from the timestamp's text (its milliseconds truncated), as a float8: pg's parse
 * of a timestamp's text costs more than all the rest of a row.
 */
export const RECORDED_AT_MILLIS = 'floor(extract(epoch from recorded_at) * 1000)::float8';

export const EVENT_COLUMNS = `position, event_id, stream_name, stream_revision, type, data, metadata, ${RECORDED_AT_MILLIS} as recorded_at`;

export const storedEventOf = (row: EventRow): StoredEvent => ({
  position: Number(row.position),
  eventId: row.event_id,
  streamName: row.stream_name,
  streamRevision: Number(row.stream_revision),
  type: row.type,
  data: row.data,
  metadata: row.metadata,
  recordedAt: new Date(row.recorded_at),
});
