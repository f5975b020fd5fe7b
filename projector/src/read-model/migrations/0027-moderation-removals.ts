import { type Kysely, sql } from 'kysely';

/**
 * Every removal of a story in its moderation history (projections/moderation now folds
 * StoryDeleted too): the moderation projection reads the log again from its start. Its rows stay
 * meanwhile and are written again as they were (each insert keyed by its event, each outcome set
 * by the decision that closed it), with the plain deletions added.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update projection_checkpoints set position = 0 where name = 'moderation'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from moderation_decisions where decision_id like 'deleted:%'`.execute(db);
}
