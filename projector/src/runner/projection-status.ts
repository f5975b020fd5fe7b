import type { EventStore } from '@nocturne/events/store';
import type { Kysely } from 'kysely';
import type { ReadModel } from '../read-model/schema';

export interface ProjectionStatus {
  name: string;
  /** Last position applied. */
  position: number;
  /**
   * How long the oldest event it has not applied has been waiting (ms); 0 when it is at the
   * head of the log. Measured on the events' own times, so any process can tell.
   */
  lagMs: number;
  /** Where it stopped (the event it could not apply), when it did. */
  stopped?: { position: number; eventType: string; reason: string; at: Date | null };
}

/**
 * Every projection's checkpoint, stop and lag behind the head of the log, from the read-model
 * database and the event store: what the readiness check shows, in any process.
 */
export async function projectionStatus(
  db: Kysely<ReadModel>,
  store: EventStore,
  now: () => Date = () => new Date(),
): Promise<ProjectionStatus[]> {
  const rows = await db.selectFrom('projection_checkpoints').selectAll().orderBy('name').execute();
  const head = await store.headPosition();
  // Projections move together, so there are few distinct positions: one read each.
  const waitingSince = new Map<number, Date | undefined>();
  for (const position of new Set(rows.map((r) => Number(r.position)))) {
    if (position >= head) continue;
    const [next] = await store.readAll(position, 1);
    waitingSince.set(position, next?.recordedAt);
  }
  return rows.map((row) => {
    const position = Number(row.position);
    const since = waitingSince.get(position);
    const status: ProjectionStatus = {
      name: row.name,
      position,
      lagMs: since ? Math.max(0, now().getTime() - since.getTime()) : 0,
    };
    if (row.stopped_position !== null) {
      status.stopped = {
        position: Number(row.stopped_position),
        eventType: row.stopped_event_type ?? '',
        reason: row.stopped_reason ?? '',
        at: row.stopped_at,
      };
    }
    return status;
  });
}
