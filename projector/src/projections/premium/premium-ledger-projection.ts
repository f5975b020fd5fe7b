import { idOf, premiumHistoryEventTypes } from '@nocturne/events';
import { paymentMethodsOf, transactionIdsOf } from '@nocturne/vault';
import type { Insertable } from 'kysely';
import { sql } from 'kysely';
import type { PremiumLedgerTable } from '../../read-model/schema';
import type { Projection } from '../../runner/projection';
import { unnestRows } from '../../runner/unnest-rows';

type LedgerRow = Insertable<PremiumLedgerTable>;

const blank = { amount: null, payment_method: null, transaction_id: null, stories: null, story_id: null };

/**
 * Each reader's premium ledger ("My premium", GET /api/me/premium): one row per confirmation
 * sent, grant, revocation, story unlocked and unlock given back (its story withdrawn), in the
 * order of their user stream.
 *
 * When a confirmation counts as activated: the first PremiumGranted after it on the same user
 * stream activates it, at that grant's time; the rule the admin's pending list follows (a grant
 * settles every confirmation before it, projections/purchase). A revocation does not undo an
 * activation (the purchase was honoured; the ledger shows the revocation as its own row). A
 * deletion erases the user's rows.
 *
 * The transaction id and payment method are the reader's own, sealed under their account's key: opened here as the
 * admin's list opens it, so the reader can match the confirmation to their payment; null once
 * the account is erased. It is never logged.
 */
export const premiumLedgerProjection: Projection = {
  name: 'premium-ledger',
  handles: premiumHistoryEventTypes,
  async applyBatch(trx, events, { vault }) {
    const confirmations = events.flatMap((e) => (e.type === 'PaymentConfirmationSubmitted' ? [e] : []));
    const ids = await transactionIdsOf(
      vault,
      confirmations.map((e) => e.data),
    );
    const transactionIdOf = new Map(confirmations.map((e, i) => [e.eventId, ids[i] ?? null]));
    const methods = await paymentMethodsOf(
      vault,
      confirmations.map((e) => e.data),
    );
    const paymentMethodOf = new Map(confirmations.map((e, i) => [e.eventId, methods[i] ?? null]));

    let rows: LedgerRow[] = [];
    const erased = new Set<string>();
    // The batch's own confirmations no grant has followed yet, per user.
    const pending = new Map<string, LedgerRow[]>();
    // Per user, the batch's first grant (not after a deletion): it activates the confirmations
    // still pending in the table, all of which come before the batch.
    const activatesStored = new Map<string, Date>();

    for (const event of events) {
      const userKey = idOf(event.streamName);
      const row = {
        event_id: event.eventId,
        user_key: userKey,
        recorded_at: event.recordedAt,
        position: event.position,
      };
      switch (event.type) {
        case 'UserDeleted':
          erased.add(userKey);
          activatesStored.delete(userKey);
          pending.delete(userKey);
          rows = rows.filter((r) => r.user_key !== userKey);
          break;
        case 'PaymentConfirmationSubmitted': {
          const confirmation: LedgerRow = {
            ...row,
            ...blank,
            kind: 'confirmation',
            amount: event.data.amount,
            payment_method: paymentMethodOf.get(event.eventId) ?? null,
            transaction_id: transactionIdOf.get(event.eventId) ?? null,
            activated_at: null,
          };
          rows.push(confirmation);
          pending.set(userKey, [...(pending.get(userKey) ?? []), confirmation]);
          break;
        }
        case 'PremiumGranted':
          rows.push({ ...row, ...blank, kind: 'grant', stories: event.data.stories, activated_at: null });
          for (const confirmation of pending.get(userKey) ?? []) confirmation.activated_at = event.recordedAt;
          pending.delete(userKey);
          if (!erased.has(userKey) && !activatesStored.has(userKey))
            activatesStored.set(userKey, event.recordedAt);
          break;
        case 'PremiumRevoked':
          rows.push({ ...row, ...blank, kind: 'revocation', activated_at: null });
          break;
        case 'PremiumStoryUnlocked':
          rows.push({ ...row, ...blank, kind: 'unlock', story_id: event.data.storyId, activated_at: null });
          break;
        case 'PremiumUnlockReturned':
          rows.push({ ...row, ...blank, kind: 'return', story_id: event.data.storyId, activated_at: null });
          break;
      }
    }

    if (erased.size > 0) {
      await trx
        .deleteFrom('premium_ledger')
        .where('user_key', 'in', [...erased])
        .execute();
    }
    if (activatesStored.size > 0) {
      // Before the batch's rows go in: the grant activates only what was sent before it.
      const users = [...activatesStored.keys()].sort();
      const times = users.map((u) => activatesStored.get(u)!.toISOString());
      await sql`update premium_ledger l set activated_at = s.at
        from unnest(${users}::text[], ${times}::timestamptz[]) as s(user_key, at)
        where l.user_key = s.user_key and l.kind = 'confirmation' and l.activated_at is null`.execute(trx);
    }
    if (rows.length === 0) return;
    const { columns, select } = unnestRows(rows, {
      event_id: 'text',
      user_key: 'text',
      kind: 'text',
      recorded_at: 'timestamptz',
      position: 'bigint',
      amount: 'int',
      payment_method: 'text',
      transaction_id: 'text',
      activated_at: 'timestamptz',
      stories: 'int',
      story_id: 'text',
    });
    await sql`insert into premium_ledger (${columns}) ${select} on conflict (event_id) do nothing`.execute(
      trx,
    );
  },
};
