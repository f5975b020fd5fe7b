import { sql } from 'kysely';
import type { BatchTransaction } from '../../runner/projection';

/**
 * Counted premium members are kept by a pseudonymous key; the user stream's key, an HMAC of the
 * address, leads back to the address. When the account is deleted its rows are moved to the
 * account's own id (address key -> account id, written by UserDeleted), so they still count and
 * lead nowhere. Rows written earlier in the same batch are moved by the caller.
 */
export async function rekeyErased(
  trx: BatchTransaction,
  table: 'premium_grants' | 'monthly_premium_users',
  erased: ReadonlyMap<string, string>,
): Promise<void> {
  if (erased.size === 0) return;
  const keys = [...erased.keys()].sort();
  await sql`update ${sql.table(table)} t set user_key = e.account_id
    from unnest(${keys}::text[], ${keys.map((key) => erased.get(key)!)}::text[]) as e(user_key, account_id)
    where t.user_key = e.user_key`.execute(trx);
}
