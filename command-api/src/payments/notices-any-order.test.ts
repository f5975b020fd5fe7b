import { evolveUser, initialUserState } from '@nocturne/domain';
import { streams } from '@nocturne/events';
import { aggregateStream } from '@nocturne/events/store';
import { MemoryEventStore } from '@nocturne/events/store/memory';
import { MemoryNotifier } from '@nocturne/notify';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evolvePurchase, initialPurchaseState } from './purchase-decider';
import { createPaymentNoticeReceiver } from './receive-notice';
import { givenPurchase, signedPostback, testProcessor } from './testing/signed-notices';

/** What one purchase's processor says of it: its sale (right or wrong amount), and reversals. */
const purchaseHistory = fc.record({
  reader: fc.integer({ min: 0, max: 1 }),
  sale: fc.constantFrom('paid', 'wrong_amount', 'none'),
  refund: fc.boolean(),
  chargeback: fc.boolean(),
});

interface Scenario {
  purchases: Array<{ reader: number; sale: string; refund: boolean; chargeback: boolean }>;
}

/** The notices of a scenario, each with the purchase it belongs to. */
function noticesOf(scenario: Scenario, purchaseIds: string[]) {
  return scenario.purchases.flatMap((p, i) => {
    const reference = purchaseIds[i]!;
    const saleId = `S${i}`;
    return [
      ...(p.sale === 'none'
        ? []
        : [
            signedPostback({
              kind: 'sale',
              transactionId: `T${i}`,
              saleId,
              reference,
              amountCents: p.sale === 'paid' ? 1500 : 990,
            }),
          ]),
      ...(p.refund ? [signedPostback({ kind: 'refund', transactionId: `R${i}`, saleId, reference })] : []),
      ...(p.chargeback
        ? [signedPostback({ kind: 'chargeback', transactionId: `C${i}`, saleId, reference })]
        : []),
    ];
  });
}

/** Plays the notices in the given order into a fresh log; answers the ledger and the readers' premium. */
async function play(scenario: Scenario, order: number[]) {
  const store = new MemoryEventStore();
  const readers = ['a'.repeat(32), 'b'.repeat(32)];
  const purchaseIds = scenario.purchases.map((_, i) => `p${i}`);
  for (const [i, p] of scenario.purchases.entries()) {
    await givenPurchase(store, { userKey: readers[p.reader], purchaseId: purchaseIds[i] });
  }
  const receive = createPaymentNoticeReceiver(
    { store, notifier: new MemoryNotifier(), clock: () => new Date('2026-03-01T10:00:00.000Z') },
    testProcessor,
  );
  const notices = noticesOf(scenario, purchaseIds);
  for (const index of order) {
    const answer = await receive(notices[index % notices.length]!);
    expect(answer).toMatchObject({ status: 200, body: 'OK' });
  }
  const ledger = await Promise.all(
    purchaseIds.map(async (id) => {
      const { state } = await aggregateStream(
        store,
        streams.purchase(id),
        evolvePurchase,
        initialPurchaseState,
      );
      return {
        paid: state.paid?.transactionId ?? null,
        reversals: state.reversals.map((r) => r.transactionId).sort(),
        transactions: [...state.transactions].sort(),
      };
    }),
  );
  const premium = await Promise.all(
    readers.map(async (key) => {
      const { state } = await aggregateStream(store, streams.user(key), evolveUser, initialUserState);
      return {
        member: state.isPremiumMember,
        remaining: state.premiumRemaining,
        flagged: state.flaggedForStaff,
        // The purchases giving premium now (whether a grant came and went meanwhile is history).
        giving: [...state.purchaseGrants]
          .filter(([, grant]) => grant === 'granted')
          .map(([id]) => id)
          .sort(),
      };
    }),
  );
  return { ledger, premium };
}

describe('notices in any order, any number of times', () => {
  it('end with the same ledger and the same premium as each once, in order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(purchaseHistory, { minLength: 1, maxLength: 4 }),
        fc.infiniteStream(fc.nat()),
        fc.array(fc.nat(), { maxLength: 6 }),
        async (purchases, shuffles, copies) => {
          const scenario = { purchases };
          const count = noticesOf(
            scenario,
            purchases.map((_, i) => `p${i}`),
          ).length;
          if (count === 0) return;
          const inOrder = await play(scenario, [...Array(count).keys()]);
          // A shuffled order (Fisher-Yates from the generated numbers), with copies mixed in.
          const order = [...Array(count).keys(), ...copies.map((c) => c % count)];
          const draws = shuffles[Symbol.iterator]();
          for (let i = order.length - 1; i > 0; i--) {
            const j = (draws.next().value as number) % (i + 1);
            [order[i], order[j]] = [order[j]!, order[i]!];
          }
          const shuffled = await play(scenario, order);
          expect(shuffled.ledger).toEqual(inOrder.ledger);
          expect(shuffled.premium).toEqual(inOrder.premium);
        },
      ),
      { numRuns: 150 },
    );
  });
});
