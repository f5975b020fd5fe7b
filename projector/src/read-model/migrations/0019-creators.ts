import type { Kysely } from 'kysely';

/**
 * Creators:
 * - stories.creator_key: the account that published the story (from its event's metadata; null
 *   for the admin's and an invite's), whose pen name its card shows;
 * - creators: each account's pen name and handle (the stories projection keeps it beside the cards);
 * - follows, creator_notifications, notification_reads: who follows whom, the stories each
 *   follower is told of, and how far each reader has read them (projections/creators).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('stories').addColumn('creator_key', 'text').execute();
  await db.schema.createIndex('stories_creator').on('stories').column('creator_key').execute();
  await db.schema
    .createTable('creators')
    .addColumn('user_key', 'text', (c) => c.primaryKey())
    .addColumn('pen_name', 'text', (c) => c.notNull())
    .addColumn('handle', 'text', (c) => c.notNull())
    .execute();
  // Not unique here: the log makes a name one account's, and within one batch a name freed by
  // one account and taken by another may be written in either order.
  await db.schema.createIndex('creators_handle').on('creators').column('handle').execute();
  await db.schema
    .createTable('follows')
    .addColumn('follower_key', 'text', (c) => c.notNull())
    .addColumn('creator_key', 'text', (c) => c.notNull())
    .addColumn('followed_at', 'timestamptz', (c) => c.notNull())
    .addColumn('position', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('follows_pk', ['follower_key', 'creator_key'])
    .execute();
  await db.schema.createIndex('follows_creator').on('follows').column('creator_key').execute();
  await db.schema
    .createTable('creator_notifications')
    .addColumn('user_key', 'text', (c) => c.notNull())
    .addColumn('story_id', 'text', (c) => c.notNull())
    .addColumn('creator_key', 'text', (c) => c.notNull())
    .addColumn('notified_at', 'timestamptz', (c) => c.notNull())
    .addColumn('position', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('creator_notifications_pk', ['user_key', 'story_id'])
    .execute();
  await db.schema
    .createIndex('creator_notifications_newest')
    .on('creator_notifications')
    .columns(['user_key', 'position'])
    .execute();
  await db.schema
    .createTable('notification_reads')
    .addColumn('user_key', 'text', (c) => c.primaryKey())
    .addColumn('through', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notification_reads').execute();
  await db.schema.dropTable('creator_notifications').execute();
  await db.schema.dropTable('follows').execute();
  await db.schema.dropTable('creators').execute();
  await db.schema.alterTable('stories').dropColumn('creator_key').execute();
}
