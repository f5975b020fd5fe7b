import { type Kysely, sql } from 'kysely';

/**
 * What keeps every read of a large library and user base to an index, never a scan:
 * - the visible stories newest first (the list's pages below those a process keeps in memory)
 *   and the stories carrying a tag (GIN on the card's tags, as `card->'tags' ? tag` asks);
 * - the admin's user list newest first with a stable cursor (created_at, user_key), and one row
 *   of totals (`user_counts`, moved by the users projection), so that the panel never counts a
 *   million rows;
 * - the pending payments oldest first, by position.
 * The lookup by address uses users_email, the growth chart its one row per month.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index stories_visible_position on stories (position desc) where hidden_reason is null`.execute(
    db,
  );
  await sql`create index stories_tags on stories using gin ((card->'tags')) where hidden_reason is null`.execute(
    db,
  );
  await sql`create index users_newest on users (created_at desc, user_key desc)`.execute(db);
  await db.schema.dropIndex('users_created_at').execute();
  await db.schema
    .createIndex('pending_payments_position')
    .on('pending_payments')
    .column('position')
    .execute();
  await db.schema
    .createTable('user_counts')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('total', 'bigint', (c) => c.notNull())
    .addColumn('verified', 'bigint', (c) => c.notNull())
    .addColumn('subscribed', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into user_counts (id, total, verified, subscribed)
    select 1, count(*), count(*) filter (where verified), count(*) filter (where is_subscribed) from users`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_counts').execute();
  await db.schema.dropIndex('pending_payments_position').execute();
  await db.schema.createIndex('users_created_at').on('users').column('created_at').execute();
  await db.schema.dropIndex('users_newest').execute();
  await db.schema.dropIndex('stories_tags').execute();
  await db.schema.dropIndex('stories_visible_position').execute();
}
