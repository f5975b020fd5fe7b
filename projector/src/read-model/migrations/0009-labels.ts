import { type Kysely, sql } from 'kysely';

/**
 * Story labels: the curated tag list, each reader's hidden warnings, and the tags and
 * warnings on every story's prepared card (none for stories projected before).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tags')
    .addColumn('tag', 'text', (c) => c.primaryKey())
    .addColumn('added_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('hidden_warnings')
    .addColumn('user_key', 'text', (c) => c.primaryKey())
    .addColumn('warnings', sql`text[]`, (c) => c.notNull())
    .execute();
  await sql`update stories set card = card || '{"tags": [], "warnings": []}'::jsonb where not card ? 'tags'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update stories set card = card - 'tags' - 'warnings'`.execute(db);
  await db.schema.dropTable('hidden_warnings').execute();
  await db.schema.dropTable('tags').execute();
}
