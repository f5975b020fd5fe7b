import { streams } from '@nocturne/events';
import { CONTENT_WARNINGS } from '@nocturne/events/labels';
import { storyPublished } from '@nocturne/events/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestQueryApi, type TestQueryApi } from '../../testing/test-query-api';
import { DEFAULT_PAGE_SIZE } from './paging';
import { StoryListCache } from './story-list-cache';

/**
 * The story list never grows with the library: every answer is at most a page (the default one
 * without `?limit=`) with X-Next-Cursor, the list keeps only its newest stories in memory and
 * reads the rest by index.
 */
let api: TestQueryApi;
let adminCode: string;
const STORIES = DEFAULT_PAGE_SIZE + 7;
const ids: string[] = [];

interface Entry {
  id: string;
}

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${api.baseUrl}${path}`, { headers });
  expect(response.status, path).toBe(200);
  return { headers: response.headers, body: (await response.json()) as unknown };
}

beforeAll(async () => {
  api = await startTestQueryApi('bounded_story_list');
  // Tags and warnings on a few stories: the filtered pages are read from the database.
  for (let n = 0; n < STORIES; n++) {
    const event = storyPublished({ isPremium: n % 10 === 0 });
    if (n % 3 === 0) event.data.tags = ['night'];
    if (n % 4 === 0) event.data.warnings = [CONTENT_WARNINGS[0]!.id];
    await api.given(streams.story(event.data.storyId), [event]);
    ids.unshift(event.data.storyId);
  }
  await api.project();
  adminCode = await api.adminCode();
});
afterAll(async () => {
  await api?.stop();
});

describe('the bounded story list', () => {
  it('GET /api/stories without ?limit answers one page with X-Next-Cursor, and the pages make the whole list', async () => {
    for (const headers of [{}, { 'X-Admin-Code': adminCode }] as Record<string, string>[]) {
      const seen: string[] = [];
      let path: string | null = '/api/stories';
      while (path) {
        const page = await get(path, headers);
        const items = page.body as Entry[];
        expect(items.length).toBeLessThanOrEqual(DEFAULT_PAGE_SIZE);
        expect(Number(page.headers.get('x-total-count'))).toBe(STORIES);
        seen.push(...items.map((s) => s.id));
        const cursor = page.headers.get('x-next-cursor');
        path = cursor ? `/api/stories?cursor=${cursor}` : null;
      }
      expect(seen).toEqual(ids);
    }
  });

  it('keeps only the newest stories in memory; a page below them, a tag and hidden warnings come from the database alike', async () => {
    const small = new StoryListCache(api.db, { onProjected: () => () => {} }, { keepNewest: 5 });
    try {
      const snapshot = await small.current();
      expect(snapshot.newest.map((s) => s.row.id)).toEqual(ids.slice(0, 5));
      expect(snapshot.total).toBe(STORIES);
      const walk = async (filter: { tag: string | null; creator: string | null; hidden: string[] }) => {
        const seen: string[] = [];
        let before: number | null = null;
        for (;;) {
          const page = await snapshot.page({ limit: 7, before }, filter);
          seen.push(...page.items.map((s) => s.row.id));
          if (!page.nextCursor) return { seen, total: page.total };
          before = page.items.at(-1)!.position;
        }
      };
      expect((await walk({ tag: null, creator: null, hidden: [] })).seen).toEqual(ids);
      const rows = await api.db
        .selectFrom('stories')
        .select(['id', 'card'])
        .orderBy('position', 'desc')
        .execute();
      const tagged = rows.filter((row) => row.card.tags.includes('night')).map((row) => row.id);
      expect(await walk({ tag: 'night', creator: null, hidden: [] })).toEqual({
        seen: tagged,
        total: tagged.length,
      });
      const hidden = CONTENT_WARNINGS[0]!.id;
      const calm = rows.filter((row) => !row.card.warnings.includes(hidden)).map((row) => row.id);
      expect(await walk({ tag: null, creator: null, hidden: [hidden] })).toEqual({
        seen: calm,
        total: calm.length,
      });

      // A story published and one deleted move the total without counting the table again.
      const event = storyPublished();
      const published = await api.given(streams.story(event.data.storyId), [event]);
      const deleted = await api.given(streams.story(ids[STORIES - 1]!), [
        { type: 'StoryDeleted', data: { storyId: ids[STORIES - 1]! } },
      ]);
      await api.project();
      const later = await small.current(deleted);
      expect(published).toBeLessThan(deleted);
      expect(later.total).toBe(STORIES);
      expect(later.newest).toHaveLength(5);
      expect(later.newest[0]!.row.id).toBe(event.data.storyId);
      const liked = await api.given(streams.storyLikes(ids[50]!), [
        { type: 'StoryLiked', data: { storyId: ids[50]! } },
      ]);
      await api.project();
      const afterLike = await small.current(liked);
      expect(afterLike.total).toBe(STORIES);
      expect(afterLike.newest).toHaveLength(5);
    } finally {
      small.close();
    }
  });
});
