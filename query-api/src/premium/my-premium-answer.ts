import type { MyPremium } from '@nocturne/domain';
import type { PremiumLedgerTable, ReadModel } from '@nocturne/projector/read-model';
import type { Kysely, Selectable } from 'kysely';
import { z } from 'zod';

export const MyPremiumSchema = z.object({
  is_subscribed: z.boolean(),
  stories_remaining: z.number().int(),
  confirmations: z.array(
    z.object({
      id: z.string(),
      amount: z.number(),
      payment_method: z.string(),
      transaction_id: z.string().nullable(),
      submitted_at: z.string(),
      state: z.enum(['pending', 'activated']).describe('Activated once a grant followed the confirmation'),
      activated_at: z.string().nullable(),
    }),
  ),
  changes: z.array(
    z.object({
      kind: z.enum(['grant', 'revocation']),
      at: z.string(),
      stories: z.number().int().nullable(),
    }),
  ),
  unlocks: z.array(
    z.object({
      story_id: z.string(),
      unlocked_at: z.string(),
      teaser: z.string().nullable().describe("The story's opening words; null once it was deleted"),
    }),
  ),
}) satisfies z.ZodType<MyPremium>;

type LedgerRow = Selectable<PremiumLedgerTable> & { teaser: string | null };

const iso = (value: Date | string) => new Date(value).toISOString();

/** The reader's ledger rows, newest first, each with the teaser of the story it unlocked. */
function ledgerRows(db: Kysely<ReadModel>, userKey: string): Promise<LedgerRow[]> {
  return db
    .selectFrom('premium_ledger as l')
    .leftJoin('stories as s', 's.id', 'l.story_id')
    .selectAll('l')
    .select((eb) => eb.ref('s.card', '->>').key('teaser').as('teaser'))
    .where('l.user_key', '=', userKey)
    .orderBy('l.position', 'desc')
    .execute();
}

/** The ledger as the page shows it; a story unlocked twice (a replayed request) is listed once. */
export async function myPremium(
  db: Kysely<ReadModel>,
  user: { userKey: string; premium_member: boolean; premium_stories_remaining: number },
): Promise<MyPremium> {
  const rows = await ledgerRows(db, user.userKey);
  const answer: MyPremium = {
    is_subscribed: user.premium_member,
    stories_remaining: user.premium_stories_remaining,
    confirmations: [],
    changes: [],
    unlocks: [],
  };
  const firstUnlock = new Map<string, LedgerRow>();
  for (const row of rows) {
    if (row.kind === 'confirmation') {
      answer.confirmations.push({
        id: row.event_id,
        amount: row.amount ?? 0,
        payment_method: row.payment_method ?? '',
        transaction_id: row.transaction_id,
        submitted_at: iso(row.recorded_at),
        state: row.activated_at ? 'activated' : 'pending',
        activated_at: row.activated_at ? iso(row.activated_at) : null,
      });
    } else if (row.kind === 'grant' || row.kind === 'revocation') {
      answer.changes.push({ kind: row.kind, at: iso(row.recorded_at), stories: row.stories });
    } else if (row.story_id) {
      // Newest first: the last one seen is the first unlock.
      firstUnlock.set(row.story_id, row);
    }
  }
  const unlocks = [...firstUnlock.values()].sort((a, b) => Number(b.position) - Number(a.position));
  answer.unlocks = unlocks.map((row) => ({
    story_id: row.story_id!,
    unlocked_at: iso(row.recorded_at),
    teaser: row.teaser,
  }));
  return answer;
}
