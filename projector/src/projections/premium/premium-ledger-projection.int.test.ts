import type { Kysely } from 'kysely';
import { describe, it } from 'vitest';
import type { ReadModel } from '../../read-model/schema';
import {
  lookupVault,
  projectionSpec,
  useReadModelDatabase,
  userEventRecorder,
} from '../../testing/projection-test';
import { premiumLedgerProjection } from './premium-ledger-projection';

// Transaction ids and the payment method by ciphertext; a missing entry is an erased key.
const vault = lookupVault(
  new Map([
    ['pii:v1:acc-a:t1', 'TX-ANN-1'],
    ['pii:v1:acc:m', 'paypal'],
  ]),
);
const readModel = useReadModelDatabase('premium_ledger_projection');
const given = projectionSpec(premiumLedgerProjection, readModel, { vault });
const recorded = userEventRecorder();

const confirmation = (transactionId: string | null) =>
  ({
    type: 'PaymentConfirmationSubmitted',
    data: { email: 'pii:v1:acc:e', amount: 15, transactionId, paymentMethod: 'pii:v1:acc:m' },
  }) as const;

const ledgerOf = (userKey: string) => (db: Kysely<ReadModel>) =>
  db
    .selectFrom('premium_ledger')
    .select([
      'kind',
      'recorded_at',
      'amount',
      'payment_method',
      'transaction_id',
      'activated_at',
      'stories',
      'story_id',
    ])
    .where('user_key', '=', userKey)
    .orderBy('position')
    .execute();

const at = (iso: string) => new Date(iso);
const none = {
  amount: null,
  payment_method: null,
  transaction_id: null,
  activated_at: null,
  stories: null,
  story_id: null,
};
/** A confirmation's row (the one `confirmation` records), with what the test expects besides. */
const confirmationRow = (
  recordedAt: string,
  more: { transaction_id?: string; activated_at?: Date } = {},
) => ({
  ...none,
  kind: 'confirmation' as const,
  recorded_at: at(recordedAt),
  amount: 15,
  payment_method: 'paypal',
  ...more,
});

describe('the premium ledger projection', () => {
  it('keeps a confirmation pending until a grant follows it, then activated at the grant', async () => {
    await given(recorded(confirmation('pii:v1:acc-a:t1'), 'ka', '2025-03-01T10:00:00Z')).thenRows(
      ledgerOf('ka'),
      [confirmationRow('2025-03-01T10:00:00Z', { transaction_id: 'TX-ANN-1' })],
    );
    // A later batch: the grant activates the stored confirmation.
    await given(
      recorded({ type: 'PremiumGranted', data: { stories: 30 } }, 'ka', '2025-03-02T09:00:00Z'),
    ).thenRows(ledgerOf('ka'), [
      confirmationRow('2025-03-01T10:00:00Z', {
        transaction_id: 'TX-ANN-1',
        activated_at: at('2025-03-02T09:00:00Z'),
      }),
      { ...none, kind: 'grant', recorded_at: at('2025-03-02T09:00:00Z'), stories: 30 },
    ]);
  });

  it('in one batch, a grant activates only the confirmations before it; a revocation and unlocks are rows of their own', async () => {
    await given(
      recorded(confirmation(null), 'kb', '2025-04-01T00:00:00Z'),
      recorded({ type: 'PremiumGranted', data: { stories: 30 } }, 'kb', '2025-04-01T01:00:00Z'),
      recorded({ type: 'PremiumStoryUnlocked', data: { storyId: 's1' } }, 'kb', '2025-04-01T02:00:00Z'),
      recorded({ type: 'PremiumRevoked', data: {} }, 'kb', '2025-04-01T03:00:00Z'),
      recorded(confirmation('pii:v1:erased:t'), 'kb', '2025-04-01T04:00:00Z'),
    ).thenRows(ledgerOf('kb'), [
      confirmationRow('2025-04-01T00:00:00Z', { activated_at: at('2025-04-01T01:00:00Z') }),
      { ...none, kind: 'grant', recorded_at: at('2025-04-01T01:00:00Z'), stories: 30 },
      { ...none, kind: 'unlock', recorded_at: at('2025-04-01T02:00:00Z'), story_id: 's1' },
      { ...none, kind: 'revocation', recorded_at: at('2025-04-01T03:00:00Z') },
      // After the grant, and its id sealed under a shredded key: pending, no id.
      confirmationRow('2025-04-01T04:00:00Z'),
    ]);
    // A grant in a later batch activates the one still pending, not the activated one again.
    await given(
      recorded({ type: 'PremiumGranted', data: { stories: 30 } }, 'kb', '2025-04-05T00:00:00Z'),
    ).project();
    await given().thenRows(
      async (db) =>
        (await ledgerOf('kb')(db)).filter((r) => r.kind === 'confirmation').map((r) => r.activated_at),
      [at('2025-04-01T01:00:00Z'), at('2025-04-05T00:00:00Z')],
    );
  });

  it("erases a deleted user's rows, stored and in the batch, and leaves the others", async () => {
    await given(
      recorded(confirmation(null), 'kc', '2025-05-01T00:00:00Z'),
      recorded({ type: 'PremiumGranted', data: { stories: 30 } }, 'kd', '2025-05-01T00:00:00Z'),
    ).project();
    await given(
      recorded({ type: 'PremiumGranted', data: { stories: 30 } }, 'kc', '2025-05-02T00:00:00Z'),
      recorded({ type: 'PremiumStoryUnlocked', data: { storyId: 's9' } }, 'kc', '2025-05-02T01:00:00Z'),
      recorded(
        { type: 'UserDeleted', data: { accountId: '33333333-3333-4333-8333-333333333333' } },
        'kc',
        '2025-05-03T00:00:00Z',
      ),
    ).thenRows(ledgerOf('kc'), []);
    await given().thenRows(ledgerOf('kd'), [
      { ...none, kind: 'grant', recorded_at: at('2025-05-01T00:00:00Z'), stories: 30 },
    ]);
  });

  it('records an unlock given back as a row of its own, after the unlock', async () => {
    await given(
      recorded({ type: 'PremiumGranted', data: { stories: 30 } }, 'ke', '2025-06-01T00:00:00Z'),
      recorded({ type: 'PremiumStoryUnlocked', data: { storyId: 's4' } }, 'ke', '2025-06-01T01:00:00Z'),
    ).project();
    await given(
      recorded(
        { type: 'PremiumUnlockReturned', data: { storyId: 's4', reason: 'unpublished' } },
        'ke',
        '2025-06-02T00:00:00Z',
      ),
    ).thenRows(ledgerOf('ke'), [
      { ...none, kind: 'grant', recorded_at: at('2025-06-01T00:00:00Z'), stories: 30 },
      { ...none, kind: 'unlock', recorded_at: at('2025-06-01T01:00:00Z'), story_id: 's4' },
      { ...none, kind: 'return', recorded_at: at('2025-06-02T00:00:00Z'), story_id: 's4' },
    ]);
  });
});
