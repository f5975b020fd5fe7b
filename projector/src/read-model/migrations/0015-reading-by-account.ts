import { type Kysely, sql } from 'kysely';

/**
 * reading is keyed by the account, not the address's key: an address that signs up again after
 * its account was erased must not find the erased account's library. The rows of live accounts
 * move to their account (the users read model has it); rows of no live account are gone already
 * (a deletion drops them). reading_owners starts from the accounts live now: the reading events
 * recorded on streams named by the address's key are those accounts' (projections/reading).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('reading_owners')
    .addColumn('user_key', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .execute();
  await sql`insert into reading_owners (user_key, account_id) select user_key, account_id from users`.execute(
    db,
  );
  await db.schema.alterTable('reading').addColumn('account_id', 'text').execute();
  await sql`update reading r set account_id = u.account_id from users u where u.user_key = r.user_key`.execute(
    db,
  );
  await sql`delete from reading where account_id is null`.execute(db);
  await sql`alter table reading drop constraint reading_pk, drop column user_key,
    alter column account_id set not null,
    add constraint reading_pk primary key (account_id, story_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('reading').addColumn('user_key', 'text').execute();
  await sql`update reading r set user_key = o.user_key from reading_owners o where o.account_id = r.account_id`.execute(
    db,
  );
  await sql`delete from reading where user_key is null`.execute(db);
  await sql`alter table reading drop constraint reading_pk, drop column account_id,
    alter column user_key set not null,
    add constraint reading_pk primary key (user_key, story_id)`.execute(db);
  await db.schema.dropTable('reading_owners').execute();
}
