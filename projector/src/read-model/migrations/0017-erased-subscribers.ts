import { type Kysely, sql } from 'kysely';

/**
 * premium_grants and monthly_premium_users keep an erased account's rows under its account id,
 * not the address's key (projections/subscribers/rekey-erased.ts). Rows of accounts erased
 * before that, still under the address's key, are moved here to a stand-in of their own, one per
 * key: the read model does not hold the erased account's id, and the counts stay as they were.
 * An erased account's rows are those of a key with no live account, or from before the live
 * account of the key was created (the address signed up again).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update premium_grants g set user_key = s.stand_in
    from (
      select k.user_key, gen_random_uuid()::text as stand_in
      from (select distinct user_key from premium_grants) k
    ) s
    where g.user_key = s.user_key
      and not exists (select 1 from users u where u.user_key = g.user_key and g.granted_at >= u.created_at)`.execute(
    db,
  );
  await sql`update monthly_premium_users m set user_key = s.stand_in
    from (
      select k.user_key, gen_random_uuid()::text as stand_in
      from (select distinct user_key from monthly_premium_users) k
    ) s
    where m.user_key = s.user_key
      and not exists (
        select 1 from users u where u.user_key = m.user_key and m.month >= to_char(u.created_at at time zone 'UTC', 'YYYY-MM')
      )`.execute(db);
}

export async function down(): Promise<void> {
  // The stand-ins lead nowhere by design: nothing to move back.
}
