import { randomUUID } from 'node:crypto';
import { FULL_PRICE } from '@nocturne/domain';
import { type DomainEvent, streams } from '@nocturne/events';
import { backdatedStore } from '@nocturne/events/store';
import { MemoryEventStore } from '@nocturne/events/store/memory';
import { given, userRegistered } from '@nocturne/events/testing';
import type { ReadModel } from '@nocturne/projector/read-model';
import { seededRandom } from '@nocturne/test-kit/seeded-random';
import { MemoryPiiVault } from '@nocturne/vault';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { replayUserHistory } from '../history/replay-user-history';
import { accountTimeline } from './account-timeline';

const HOUR = 3_600_000;

interface ModelState {
  premium: boolean;
  remaining: number;
  unlocked: string[];
}

/**
 * A generated account history, each event at its own time, and the state it implies at every
 * step worked out on its own here (not with the product's fold): what the timeline must show.
 */
async function generatedHistory(seed: number) {
  const random = seededRandom(seed);
  const store = new MemoryEventStore();
  const vault = new MemoryPiiVault();
  let now = Date.UTC(2025, 0, 1);
  const writer = backdatedStore(store, () => new Date(now));
  const email = `prop-${seed}@example.test`;
  const userKey = randomUUID().replaceAll('-', '');
  const stream = streams.user(userKey);
  const accountId = randomUUID();
  await vault.claimAddress(vault.addressDigest(email), { userKey, accountId });
  const model: { at: number; state: ModelState }[] = [];
  let state: ModelState = { premium: false, remaining: 0, unlocked: [] };
  // Stories withdrawn (their unlocks returned): never unlocked again.
  const withdrawn = new Set<string>();
  const record = async (event: DomainEvent, next: ModelState) => {
    now += Math.floor(1 + random() * 48) * HOUR;
    await given(writer, stream, [event]);
    state = next;
    model.push({ at: now, state });
  };
  await record(userRegistered({ accountId, email: await vault.encrypt(accountId, email) }), state);
  await record({ type: 'EmailVerified', data: { tokenDigest: 'a'.repeat(64) } }, state);
  for (let i = 0; i < 40; i++) {
    // Between the steps, the reader signs in and out: events the audit neither shows nor folds.
    if (random() < 0.5) {
      now += Math.floor(1 + random() * 48) * HOUR;
      const sessionDigest = i.toString(16).padStart(64, 'f');
      await given(writer, stream, [
        {
          type: 'UserLoggedIn',
          data: { sessionDigest, expiresAt: new Date(now + 30 * 24 * HOUR).toISOString() },
        },
        { type: 'UserLoggedOut', data: { sessionDigest } },
      ]);
    }
    const roll = random();
    if (roll < 0.25) {
      const amount = random() < 0.5 ? FULL_PRICE : 10;
      await record(
        {
          type: 'PaymentConfirmationSubmitted',
          data: {
            email: await vault.encrypt(accountId, email),
            amount: amount as 15 | 10,
            transactionId: await vault.encrypt(accountId, `TX-${seed}-${i}`),
            paymentMethod: await vault.encrypt(accountId, 'paypal'),
          },
        },
        state,
      );
    } else if (roll < 0.45) {
      await record(
        { type: 'PremiumGranted', data: { stories: 30 } },
        {
          ...state,
          premium: true,
          remaining: state.remaining + 30,
        },
      );
    } else if (roll < 0.55) {
      await record({ type: 'PremiumRevoked', data: {} }, { ...state, premium: false, remaining: 0 });
    } else if (roll < 0.65 && state.unlocked.length > 0) {
      // A story the reader unlocked is withdrawn: the unlock comes back, unless premium was
      // revoked since (the revocation emptied the quota).
      const storyId = state.unlocked[Math.floor(random() * state.unlocked.length)]!;
      withdrawn.add(storyId);
      await record(
        {
          type: 'PremiumUnlockReturned',
          data: { storyId, reason: random() < 0.5 ? 'unpublished' : 'deleted' },
        },
        {
          ...state,
          remaining: state.premium ? state.remaining + 1 : state.remaining,
          unlocked: state.unlocked.filter((id) => id !== storyId),
        },
      );
    } else if (state.premium && state.remaining > 0) {
      const storyId = `story-${Math.floor(random() * 12)}`;
      if (state.unlocked.includes(storyId) || withdrawn.has(storyId)) continue;
      await record(
        { type: 'PremiumStoryUnlocked', data: { storyId } },
        {
          ...state,
          remaining: state.remaining - 1,
          unlocked: [...state.unlocked, storyId],
        },
      );
    }
  }
  return { store, vault, email, userKey, model, random, end: now };
}

/** The model's state at an instant: the last step recorded at or before it. */
function modelAt(model: { at: number; state: ModelState }[], instant: number): ModelState {
  return (
    model.filter((step) => step.at <= instant).at(-1)?.state ?? { premium: false, remaining: 0, unlocked: [] }
  );
}

// No staff acts in these histories: the read model (staff names) is never asked.
const noReadModel = {} as Kysely<ReadModel>;

describe("the account timeline's state as of an instant", () => {
  for (const seed of [7, 1234, 99_991]) {
    it(`equals the audit replay and the history's own arithmetic at 20 random instants (seed ${seed})`, async () => {
      const history = await generatedHistory(seed);
      const deps = { store: history.store, vault: history.vault, db: noReadModel, readsPersonalData: true };
      const first = history.model[0]!.at;
      const instants = Array.from({ length: 20 }, () =>
        Math.floor(first - HOUR + history.random() * (history.end - first + 2 * HOUR)),
      );
      // The instants of the events themselves are the edges that matter: one of them, exactly.
      instants[0] = history.model[Math.floor(history.model.length / 2)]!.at;
      for (const instant of instants) {
        const asOf = new Date(instant);
        const timeline = await accountTimeline(deps, { email: history.email }, asOf, new Date(history.end));
        const replay = await replayUserHistory(deps, history.email, asOf);
        const expected = modelAt(history.model, instant);
        const where = `seed ${seed} at ${asOf.toISOString()}`;
        expect(timeline, where).not.toBeNull();
        expect(timeline!.state, where).toEqual(replay.state);
        expect(
          {
            premium: timeline!.state.premium,
            remaining: timeline!.state.stories_remaining,
            unlocked: timeline!.state.stories_unlocked,
          },
          where,
        ).toEqual(expected);
        // The rows are the whole history whatever the instant.
        expect(timeline!.rows).toHaveLength(history.model.length);
      }
    });
  }

  it('shows purchases with their amount, discount and transaction id, oldest first', async () => {
    const history = await generatedHistory(5);
    const timeline = await accountTimeline(
      { store: history.store, vault: history.vault, db: noReadModel, readsPersonalData: true },
      { email: history.email },
      new Date(history.end),
      new Date(history.end),
    );
    const purchases = timeline!.rows.filter((row) => row.event === 'PaymentConfirmationSubmitted');
    expect(purchases.length).toBeGreaterThan(0);
    for (const row of purchases) {
      expect(row.transaction_id).toMatch(/^TX-5-\d+$/);
      expect(row.discount).toBe(FULL_PRICE - row.amount!);
    }
    const returns = timeline!.rows.filter((row) => row.event === 'PremiumUnlockReturned');
    expect(returns.length).toBeGreaterThan(0);
    for (const row of returns) {
      expect(row.story_id).toMatch(/^story-\d+$/);
      expect(row.by).toBe('the system');
    }
    const positions = timeline!.rows.map((row) => row.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('is the same by account id, and null for an id no account had', async () => {
    const history = await generatedHistory(3);
    const deps = { store: history.store, vault: history.vault, db: noReadModel, readsPersonalData: true };
    const end = new Date(history.end);
    const byEmail = await accountTimeline(deps, { email: history.email }, end, end);
    const byId = await accountTimeline(deps, { accountId: byEmail!.account }, end, end);
    expect(byId).toEqual(byEmail);
    expect(await accountTimeline(deps, { accountId: randomUUID() }, end, end)).toBeNull();
  });
});
