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
  recorded_at: Date;
}

/** The columns of an EventRow, for a select list. */
export const EVENT_COLUMNS =
  'position, event_id, stream_name, stream_revision, type, data, metadata, recorded_at';

export const storedEventOf = (row: EventRow): StoredEvent => ({
  position: Number(row.position),
  eventId: row.event_id,
  streamName: row.stream_name,
  streamRevision: Number(row.stream_revision),
  type: row.type,
  data: row.data,
  metadata: row.metadata,
  recordedAt: row.recorded_at,
});
