import { randomUUID } from 'node:crypto';
import { streams } from '@nocturne/events';
import { storyPublished, userRegistered } from '@nocturne/events/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestQueryApi, type TestQueryApi } from '../../testing/test-query-api';

/**
 * The console names a story by its words: the account timeline sends the first text of each
 * story its rows and state name, by id; a story deleted since has none (its id alone is shown).
 */
let api: TestQueryApi;
const accountId = randomUUID();
const kept = storyPublished({ isPremium: true });
const deleted = storyPublished({ isPremium: true });

beforeAll(async () => {
  api = await startTestQueryApi('timeline_story_texts');
  kept.data.slides = kept.data.slides.map((slide, i) =>
    i === 0 ? { ...slide, text: 'The lighthouse keeper counted the ships.' } : slide,
  );
  await api.given(streams.story(kept.data.storyId), [kept]);
  await api.given(streams.story(deleted.data.storyId), [deleted]);
  const email = 'unlocks@example.com';
  const { vault } = api.ports;
  const userKey = randomUUID().replaceAll('-', '');
  await vault.claimAddress(vault.addressDigest(email), { userKey, accountId });
  await api.given(streams.user(userKey), [
    userRegistered({ accountId, email: await vault.encrypt(accountId, email) }),
    { type: 'PremiumGranted', data: { stories: 30 } },
    { type: 'PremiumStoryUnlocked', data: { storyId: kept.data.storyId } },
    { type: 'PremiumStoryUnlocked', data: { storyId: deleted.data.storyId } },
  ]);
  await api.given(streams.story(deleted.data.storyId), [
    { type: 'StoryDeleted', data: { storyId: deleted.data.storyId } },
  ]);
  await api.project();
});
afterAll(async () => {
  await api?.stop();
});

describe("the account timeline's story texts", () => {
  it('names each story the timeline holds by its first text, and a deleted one by nothing', async () => {
    const response = await fetch(`${api.baseUrl}/api/admin/audit/timeline?account=${accountId}`, {
      headers: { 'X-Admin-Code': await api.adminCode() },
    });
    expect(response.status).toBe(200);
    const timeline = (await response.json()) as {
      rows: { story_id: string | null }[];
      state: { stories_unlocked: string[] };
      story_texts: Record<string, string>;
    };
    expect(timeline.state.stories_unlocked).toEqual([kept.data.storyId, deleted.data.storyId]);
    expect(timeline.rows.filter((row) => row.story_id !== null)).toHaveLength(2);
    expect(timeline.story_texts).toEqual({ [kept.data.storyId]: 'The lighthouse keeper counted the ships.' });
  });
});
