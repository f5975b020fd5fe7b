import { randomUUID } from 'node:crypto';
import { streams } from '@nocturne/events';
import { storyPublished } from '@nocturne/events/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestQueryApi, type TestQueryApi } from '../../testing/test-query-api';
import { DEFAULT_PAGE_SIZE } from './paging';
import { StoryListCache } from './story-list-cache';

/**
 * The story list served from memory: it reads only what changed since its snapshot, its pages
 * stay stable while stories come and go, and a bad page request is refused. (What needs the
 * whole product, a like read back and the server's hot lane, is infra's
 * src/system/story-list-cache.int.test.ts.)
 */
let api: TestQueryApi;

beforeAll(async () => {
  api = await startTestQueryApi('story_list_cache');
});
afterAll(async () => {
  await api?.stop();
});

interface Entry {
  id: string;
}

async function publish(): Promise<{ id: string; position: number }> {
  const event = storyPublished();
  return { id: event.data.storyId, position: await api.given(streams.story(event.data.storyId), [event]) };
}

function remove(id: string): Promise<number> {
  return api.given(streams.story(id), [{ type: 'StoryDeleted', data: { storyId: id } }]);
}

/** The list as asked, once the projector has caught up with the log (X-Min-Position waits for it). */
async function list(path: string, headers: Record<string, string> = {}) {
  await api.project();
  const response = await fetch(`${api.baseUrl}${path}`, { headers });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Entry[] };
}

const FIRST_PAGE = { limit: DEFAULT_PAGE_SIZE, before: null };

describe('the cached story list', () => {
  it('reads only the stories changed since its snapshot, and the whole table after a deletion or a swapped-in table', async () => {
    const cache = new StoryListCache(api.db, { onProjected: () => () => {} });
    const [a, b, c] = [await publish(), await publish(), await publish()];
    await api.project();
    const first = await cache.current(c.position);
    expect(first.newest.slice(0, 3).map((s) => s.row.id)).toEqual([c.id, b.id, a.id]);

    const liked = await api.given(streams.storyLikes(a.id), [
      { type: 'StoryLiked', data: { storyId: a.id } },
    ]);
    await api.project();
    const second = await cache.current(liked);
    expect(second.story(a.id)?.row.likes).toBe(1);
    expect(second.story(a.id)).not.toBe(first.story(a.id));
    // The stories that did not change keep their entries (never read again); the order stays.
    expect(second.story(b.id)).toBe(first.story(b.id));
    expect(second.newest.map((s) => s.row.id)).toEqual(first.newest.map((s) => s.row.id));

    // The projection moves and no story changes (a like of no such story): the stories and the
    // bodies made from them stay; only the position moves.
    const body = second.anonymousPage(FIRST_PAGE)?.body;
    expect(body).toBeDefined();
    const nothing = await api.given(streams.storyLikes(randomUUID()), [
      { type: 'StoryLiked', data: { storyId: randomUUID() } },
    ]);
    await api.project();
    const same = await cache.current(nothing);
    expect(same.position).toBeGreaterThan(second.position);
    expect(same.newest).toBe(second.newest);
    expect(same.anonymousPage(FIRST_PAGE)?.body).toBe(body);

    const deleted = await remove(c.id);
    await api.project();
    const third = await cache.current(deleted);
    expect(third.story(c.id)).toBeUndefined();
    expect(third.newest).toHaveLength(first.newest.length - 1);
    expect(third.total).toBe(first.total - 1);

    // A rebuild swaps in another table, where a story may differ though its row was written long
    // ago: the cache reads that table whole. (Here: a copy, renamed into place, with b's likes.)
    await sql`create table stories_swapped (like stories including all)`.execute(api.db);
    await sql`insert into stories_swapped select * from stories`.execute(api.db);
    await sql`update stories_swapped set likes = 42 where id = ${b.id}`.execute(api.db);
    await sql`alter table stories rename to stories_before_swap`.execute(api.db);
    await sql`alter table stories_swapped rename to stories`.execute(api.db);
    try {
      const moved = await api.given(streams.storyLikes(a.id), [
        { type: 'StoryLiked', data: { storyId: a.id } },
      ]);
      await api.project();
      const fourth = await cache.current(moved);
      expect(fourth.story(b.id)?.row.likes).toBe(42);
      expect(fourth.story(a.id)?.row.likes).toBe(2);
    } finally {
      await sql`drop table stories_before_swap`.execute(api.db);
      cache.close();
    }
  });

  it('pages concatenate to the whole list, without duplicates or gaps, while stories are published and deleted', async () => {
    const before = await Promise.all(Array.from({ length: 23 }, () => publish()));
    const deletedLater: string[] = [];
    let head = String(await api.ports.store.headPosition());
    const start = await list('/api/stories', { 'X-Min-Position': head });
    const atStart = start.body.map((s) => s.id);
    expect(atStart.length).toBeGreaterThanOrEqual(23);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await list(`/api/stories?limit=4${cursor ? `&cursor=${cursor}` : ''}`, {
        'X-Min-Position': head,
      });
      expect(page.status).toBe(200);
      expect(page.body.length).toBeLessThanOrEqual(4);
      seen.push(...page.body.map((s) => s.id));
      cursor = page.headers.get('x-next-cursor');
      pages++;
      // Between pages: a new story (above every cursor), one seen story deleted, one not yet seen deleted.
      await publish();
      const unseen = atStart.filter((id) => !seen.includes(id) && !deletedLater.includes(id));
      if (unseen.length > 1 && pages % 2 === 0) {
        const victim = unseen[unseen.length - 1]!;
        deletedLater.push(victim);
        await remove(victim);
      }
      const seenVictim = seen.find((id) => !deletedLater.includes(id));
      if (seenVictim && pages === 3) {
        deletedLater.push(seenVictim);
        await remove(seenVictim);
      }
      head = String(await api.ports.store.headPosition());
    } while (cursor);

    expect(new Set(seen).size).toBe(seen.length); // no duplicates
    // No gaps: every story of the start is there, unless it was deleted before its page came.
    const expected = atStart.filter((id) => seen.includes(id) || !deletedLater.includes(id));
    expect(seen).toEqual(expected);
    expect(deletedLater.length).toBeGreaterThan(1);
    expect(before.every((s) => atStart.includes(s.id))).toBe(true);
  });

  it('a bad limit or cursor is a 400 with a detail; no parameters is the first page', async () => {
    for (const query of [
      'limit=0',
      'limit=101',
      'limit=abc',
      'limit=5&cursor=nope!',
      'cursor=nope!',
      'limit=5&cursor=',
    ]) {
      const answer = await fetch(`${api.baseUrl}/api/stories?${query}`);
      expect(answer.status, query).toBe(400);
      expect(((await answer.json()) as { detail: string }).detail, query).toMatch(/limit|cursor/);
    }
    const first = await list('/api/stories');
    expect(Array.isArray(first.body)).toBe(true);
    expect(first.body.length).toBeLessThanOrEqual(DEFAULT_PAGE_SIZE);
    expect(Number(first.headers.get('x-total-count'))).toBeGreaterThanOrEqual(first.body.length);
  });
});
