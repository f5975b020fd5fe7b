import { type Kysely, sql } from 'kysely';

/**
 * Which images belong to which live story (the image route serves only these), and which
 * premium stories each user has unlocked (re-reading them is free; lists show them unblurred).
 */
const sqlKind = sql`kind in ('slide', 'preview')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('story_images')
    .addColumn('story_id', 'text', (c) => c.notNull())
    .addColumn('ref', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sqlKind))
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('is_premium', 'boolean', (c) => c.notNull())
    .addPrimaryKeyConstraint('story_images_pk', ['story_id', 'ref', 'kind'])
    .execute();
  await db.schema.createIndex('story_images_ref').on('story_images').column('ref').execute();
  await db.schema
    .createTable('premium_unlocks')
    .addColumn('user_key', 'text', (c) => c.notNull())
    .addColumn('story_id', 'text', (c) => c.notNull())
    .addColumn('unlocked_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('premium_unlocks_pk', ['user_key', 'story_id'])
    .execute();
}
