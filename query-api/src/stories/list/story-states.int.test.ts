import { randomBytes } from 'node:crypto';
import type { Story } from '@nocturne/domain';
import { streams } from '@nocturne/events';
import { storyPublished } from '@nocturne/events/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestQueryApi, type TestQueryApi } from '../../testing/test-query-api';

/**
 * The staff's story list by state (`?state=`): the published stories readers see, or the ones a
 * moderator hid, each with the statement of its hide, a page at a time like the list.
 */
let api: TestQueryApi;
let admin: Record<string, string>;
/** Newest first, as the list answers. */
const visible: string[] = [];
const hidden: string[] = [];
const REASON = 'Against the rules: spam.';

async function list(query: string, headers: Record<string, string> = admin) {
  const response = await fetch(`${api.baseUrl}/api/stories${query}`, { headers });
  const body = (await response.json()) as unknown;
  return { status: response.status, headers: response.headers, body };
}

beforeAll(async () => {
  api = await startTestQueryApi('story_states');
  for (let n = 0; n < 5; n++) {
    const event = storyPublished({ isPremium: n === 1 });
    // A server-issued image reference: a hidden story's are signed for the staff's session.
    const image = { ref: randomBytes(16).toString('hex'), width: 600, height: 800 };
    event.data.slides = event.data.slides.map((slide) => ({ ...slide, image }));
    const { storyId } = event.data;
    await api.given(streams.story(storyId), [event]);
    if (n % 2 === 1 || n === 4) {
      await api.given(streams.story(storyId), [{ type: 'StoryHidden', data: { storyId, reason: REASON } }]);
      hidden.unshift(storyId);
    } else visible.unshift(storyId);
  }
  await api.project();
  admin = { 'X-Admin-Code': await api.adminCode() };
});
afterAll(async () => {
  await api?.stop();
});

describe('the staff story list by state', () => {
  it('GET /api/stories?state=hidden lists the hidden stories newest first with their hide, a page at a time; published is the list readers see', async () => {
    for (const query of ['', '?state=published']) {
      const answer = await list(query);
      expect(answer.status, query).toBe(200);
      expect((answer.body as Story[]).map((s) => s.id)).toEqual(visible);
      expect((answer.body as Story[]).every((s) => s.hiddenReason === undefined)).toBe(true);
      expect(answer.headers.get('x-total-count')).toBe(String(visible.length));
    }
    const whole = await list('?state=hidden');
    expect(whole.status).toBe(200);
    const stories = whole.body as Story[];
    expect(stories.map((s) => s.id)).toEqual(hidden);
    expect(whole.headers.get('x-total-count')).toBe(String(hidden.length));
    for (const story of stories) {
      expect(story.hiddenReason).toBe(REASON);
      expect(story.slides).toBe(2);
      // Served to staff only: every image by a reference signed for the admin session.
      for (const image of story.images) expect(image).toMatch(/^[0-9a-f]{32}\.a/);
    }
    const seen: string[] = [];
    let path: string | null = '?state=hidden&limit=2';
    while (path) {
      const page = await list(path);
      expect((page.body as Story[]).length).toBeLessThanOrEqual(2);
      seen.push(...(page.body as Story[]).map((s) => s.id));
      const cursor = page.headers.get('x-next-cursor');
      path = cursor ? `?state=hidden&limit=2&cursor=${cursor}` : null;
    }
    expect(seen).toEqual(hidden);
  });

  it('a story restored leaves the hidden list and is back in the published one', async () => {
    const storyId = hidden[0]!;
    await api.given(streams.story(storyId), [
      { type: 'StoryRestored', data: { storyId, reason: 'A mistake.' } },
    ]);
    await api.project();
    const stillHidden = (await list('?state=hidden')).body as Story[];
    expect(stillHidden.map((s) => s.id)).toEqual(hidden.slice(1));
    const published = (await list('?state=published')).body as Story[];
    expect(published.map((s) => s.id)).toContain(storyId);
    await api.given(streams.story(storyId), [{ type: 'StoryHidden', data: { storyId, reason: REASON } }]);
    await api.project();
  });

  it('a state that is not published or hidden is a 400 that says so; the hidden stories are the staff’s alone', async () => {
    for (const [query, detail] of [
      ['?state=draft', 'state must be published or hidden'],
      ['?state=Hidden', 'state must be published or hidden'],
      ['?state=', 'state must be published or hidden'],
      ['?state=hidden&state=published', 'state must be given once'],
    ] as const) {
      const refused = await list(query);
      expect(refused.status, query).toBe(400);
      expect(refused.body, query).toEqual({ detail });
    }
    const visitor = await list('?state=hidden', {});
    expect(visitor.status).toBe(401);
    expect(visitor.body).toEqual({ detail: 'Admin access required' });
    const readers = await list('?state=published', {});
    expect(readers.status).toBe(200);
    expect((readers.body as Story[]).map((s) => s.id)).toEqual(visible);
  });
});
