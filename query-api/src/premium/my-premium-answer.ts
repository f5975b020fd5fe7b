import type { MyPremium, PremiumPurchase } from '@nocturne/domain';
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
  purchases: z.array(
    z.object({
      id: z.string(),
      amount: z.number(),
      started_at: z.string(),
      status: z.enum(['pending', 'paid', 'refunded', 'charged_back', 'held']),
      paid_at: z.string().nullable(),
      reversed_at: z.string().nullable(),
      transaction_id: z.string().nullable().describe("The processor's id of the payment"),
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
      returned_at: z
        .string()
        .nullable()
        .describe(
          'When the unlock was given back to the quota (its story withdrawn); null while it is spent',
        ),
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

/** The reader's purchases through a processor, newest first, each as its notices left it. */
async function purchasesOf(db: Kysely<ReadModel>, userKey: string): Promise<PremiumPurchase[]> {
  const purchases = await db
    .selectFrom('purchases')
    .select(['purchase_id', 'amount_cents', 'started_at'])
    .where('user_key', '=', userKey)
    .orderBy('started_at', 'desc')
    .execute();
  if (purchases.length === 0) return [];
  const notices = await db
    .selectFrom('payment_notices')
    .select(['purchase_id', 'transaction_id', 'kind', 'state', 'received_at'])
    .where(
      'purchase_id',
      'in',
      purchases.map((p) => p.purchase_id),
    )
    .orderBy('position')
    .execute();
  return purchases.map((purchase) => {
    const mine = notices.filter((n) => n.purchase_id === purchase.purchase_id);
    const sale = mine.find((n) => n.kind === 'sale' && n.state === 'applied');
    const reversal = mine.find((n) => n.kind !== 'sale');
    const held = mine.some((n) => n.state === 'held');
    const status: PremiumPurchase['status'] = reversal
      ? reversal.kind === 'chargeback'
        ? 'charged_back'
        : 'refunded'
      : sale
        ? 'paid'
        : held
          ? 'held'
          : 'pending';
    return {
      id: purchase.purchase_id,
      amount: purchase.amount_cents / 100,
      started_at: iso(purchase.started_at),
      status,
      paid_at: sale ? iso(sale.received_at) : null,
      reversed_at: reversal ? iso(reversal.received_at) : null,
      transaction_id: sale?.transaction_id ?? null,
    };
  });
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
    purchases: await purchasesOf(db, user.userKey),
    changes: [],
    unlocks: [],
  };
  const firstUnlock = new Map<string, LedgerRow>();
  const returnedAt = new Map<string, string>();
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
    } else if (row.kind === 'return' && row.story_id) {
      returnedAt.set(row.story_id, iso(row.recorded_at));
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
    returned_at: returnedAt.get(row.story_id!) ?? null,
  }));
  return answer;
}
