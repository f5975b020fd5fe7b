import type { Kysely } from 'kysely';

/**
 * Where a projection stopped: the position and type of the event it could not apply, and why
 * (an error class or SQLSTATE, never the event's data). Null while the projection runs. Kept
 * beside the checkpoint so that every process (split mode's query-api, the readiness checks)
 * sees a stop made by the projector process.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('projection_checkpoints')
    .addColumn('stopped_position', 'bigint')
    .addColumn('stopped_event_type', 'text')
    .addColumn('stopped_reason', 'text')
    .addColumn('stopped_at', 'timestamptz')
    .execute();
}
