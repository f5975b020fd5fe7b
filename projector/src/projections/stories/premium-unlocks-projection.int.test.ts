import type { Kysely } from 'kysely';
import { describe, it } from 'vitest';
import type { ReadModel } from '../../read-model/schema';
import {
  eventRecorder,
  lookupVault,
  projectionSpec,
  useReadModelDatabase,
} from '../../testing/projection-test';
import { premiumUnlocksProjection } from './premium-unlocks-projection';

const readModel = useReadModelDatabase('premium_unlocks_projection');
const given = projectionSpec(premiumUnlocksProjection, readModel, { vault: lookupVault() });
const record = eventRecorder();
const when = '2025-07-01T00:00:00Z';

const unlocked = (userKey: string, storyId: string) =>
  record({ type: 'PremiumStoryUnlocked', data: { storyId } }, `user-${userKey}`, when);
const returned = (userKey: string, storyId: string) =>
  record(
    { type: 'PremiumUnlockReturned', data: { storyId, reason: 'unpublished' } },
    `user-${userKey}`,
    when,
  );
const unpublished = (storyId: string) =>
  record({ type: 'StoryUnpublished', data: { storyId } }, `story-${storyId}`, when);
const deleted = (storyId: string) =>
  record({ type: 'StoryDeleted', data: { storyId } }, `story-${storyId}`, when);
const userDeleted = (userKey: string) =>
  record(
    { type: 'UserDeleted', data: { accountId: '44444444-4444-4444-8444-444444444444' } },
    `user-${userKey}`,
    when,
  );

/** Every unlock of these users: who, which story, and whether it waits to be given back. */
const unlocksOf =
  (...users: string[]) =>
  (db: Kysely<ReadModel>) =>
    db
      .selectFrom('premium_unlocks')
      .select(['user_key', 'story_id', 'withdrawn'])
      .where('user_key', 'in', users)
      .orderBy('user_key')
      .orderBy('story_id')
      .execute();

describe('the premium unlocks projection', () => {
  it("marks a withdrawn story's unlocks, stored and in the batch, and leaves the others", async () => {
    await given(unlocked('ua', 'a1'), unlocked('ub', 'a1'), unlocked('ua', 'a2')).project();
    await given(unlocked('uc', 'a1'), unpublished('a1'), unlocked('uc', 'a3'), deleted('a3')).thenRows(
      unlocksOf('ua', 'ub', 'uc'),
      [
        { user_key: 'ua', story_id: 'a1', withdrawn: true },
        { user_key: 'ua', story_id: 'a2', withdrawn: false },
        { user_key: 'ub', story_id: 'a1', withdrawn: true },
        { user_key: 'uc', story_id: 'a1', withdrawn: true },
        { user_key: 'uc', story_id: 'a3', withdrawn: true },
      ],
    );
  });

  it('drops an unlock once it is given back, whether the unlock is stored or in the batch', async () => {
    await given(unlocked('ud', 'b1'), unlocked('ue', 'b1'), deleted('b1')).project();
    await given(returned('ud', 'b1'), unlocked('ud', 'b2'), unpublished('b2'), returned('ud', 'b2')).thenRows(
      unlocksOf('ud', 'ue'),
      [{ user_key: 'ue', story_id: 'b1', withdrawn: true }],
    );
    // A return projected twice (a replay) changes nothing more.
    await given(returned('ud', 'b1')).thenRows(unlocksOf('ud', 'ue'), [
      { user_key: 'ue', story_id: 'b1', withdrawn: true },
    ]);
  });

  it("leaves nothing of a deleted account's unlocks, withdrawn or not", async () => {
    await given(unlocked('uf', 'c1'), unlocked('uf', 'c2'), unpublished('c1')).project();
    await given(userDeleted('uf'), unpublished('c2')).thenRows(unlocksOf('uf'), []);
  });
});
