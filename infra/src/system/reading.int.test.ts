import { accountMessages, evolveUser, initialUserState, storyMessages } from '@nocturne/domain';
import { streams } from '@nocturne/events';
import { aggregateStream } from '@nocturne/events/store';
import { given } from '@nocturne/events/testing';
import { adminHeaders, apiCall, grantPremium, publish, verifiedUser } from '@nocturne/test-kit/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSystem, type TestSystem } from './test-system';

let system: TestSystem;
let free: string;
let second: string;
let premium: string;
let reader: string;
let other: string;

beforeAll(async () => {
  system = await startTestSystem();
  free = await publish(system.baseUrl, { texts: ['Free one.', 'Two.', 'Three.', 'Four.'] }, 1);
  second = await publish(system.baseUrl, { texts: ['Free two.', 'Two.'] }, 2);
  premium = await publish(system.baseUrl, { texts: ['Premium one.', 'Two.'], isPremium: true }, 3);
  reader = await verifiedUser(system.baseUrl, 'reader@nocturne.test');
  other = await verifiedUser(system.baseUrl, 'other@nocturne.test');
}, 180_000);

afterAll(async () => {
  await system?.stop();
});

const write = (method: 'PUT' | 'DELETE', path: string, token: string | null, body?: unknown) =>
  apiCall(system.baseUrl, method, path, { token, body });

/** A read that waits for `position` (read-your-writes), as the web client does. */
const read = (path: string, token: string | null, position?: string | null) =>
  apiCall(system.baseUrl, 'GET', path, { token, after: position });

const ids = (stories: { id: string }[]) => stories.map((s) => s.id);
/** The address key of a session token, and the account its address holds now. */
const userKeyOf = (token: string) => token.split('.')[0]!;
async function accountOf(token: string): Promise<string> {
  const user = await aggregateStream(
    system.infra.store,
    streams.user(userKeyOf(token)),
    evolveUser,
    initialUserState,
  );
  return user.state.accountId!;
}
const readingEvents = async (token: string, storyId: string) =>
  (await system.infra.store.readStream(streams.reading(await accountOf(token), storyId))).map((e) => e.type);

describe('progress', () => {
  it('records the slide, answers it to the same reader on any device, and appends nothing when unchanged', async () => {
    const recorded = await write('PUT', `/api/stories/${free}/progress`, reader, { slide: 2 });
    expect(recorded).toMatchObject({ status: 200, body: { slide: 2, finished: false, saved: false } });
    expect(Number(recorded.position)).toBeGreaterThan(0);
    const again = await write('PUT', `/api/stories/${free}/progress`, reader, { slide: 2 });
    expect(again.status).toBe(200);
    expect(await readingEvents(reader, free)).toEqual(['ReadingProgressRecorded']);

    const progress = await read(`/api/stories/${free}/progress`, reader, recorded.position);
    expect(progress.body).toEqual({ slide: 2, finished: false, saved: false });
    expect(progress.headers.get('cache-control')).toBe('private, no-store');
    const continuing = await read('/api/me/library?shelf=continue', reader, recorded.position);
    expect(ids(continuing.body)).toEqual([free]);
  });

  it("never shows one reader's progress or shelves to another", async () => {
    const mine = await write('PUT', `/api/stories/${second}/progress`, reader, { slide: 1 });
    const theirs = await read(`/api/stories/${second}/progress`, other, mine.position);
    expect(theirs.body).toEqual({ slide: null, finished: false, saved: false });
    expect((await read('/api/me/library?shelf=continue', other, mine.position)).body).toEqual([]);
  });

  it('refuses a bad slide, a bad or unknown story and a visitor, writing nothing', async () => {
    for (const body of [{ slide: -1 }, { slide: 10 }, { slide: 1.5 }, { slide: '2' }, {}]) {
      const refused = await write('PUT', `/api/stories/${second}/progress`, other, body);
      expect(refused.status).toBe(400);
      expect(typeof refused.body.detail).toBe('string');
    }
    expect(await write('PUT', '/api/stories/nope/progress', other, { slide: 1 })).toMatchObject({
      status: 404,
      body: { detail: storyMessages.notFound },
    });
    expect(await write('PUT', '/api/stories/bad%20id!/progress', other, { slide: 1 })).toMatchObject({
      status: 404,
    });
    expect(await write('PUT', `/api/stories/${free}/progress`, null, { slide: 1 })).toMatchObject({
      status: 401,
      body: { detail: accountMessages.notAuthenticated },
    });
    expect((await read(`/api/stories/${free}/progress`, null)).status).toBe(401);
    expect((await read('/api/me/library?shelf=saved', null)).status).toBe(401);
    expect((await read('/api/stories/nope/progress', other)).body).toEqual({
      detail: storyMessages.notFound,
    });
    expect(await readingEvents(other, second)).toEqual([]);
  });

  it("refuses a slide past the story's last with a detail and records nothing (was: 200, slide 5 of five kept)", async () => {
    // `free` has four slides, 0 to 3.
    const last = await write('PUT', `/api/stories/${free}/progress`, other, { slide: 3 });
    expect(last).toMatchObject({ status: 200, body: { slide: 3 } });
    for (const slide of [4, 5, 9]) {
      const refused = await write('PUT', `/api/stories/${free}/progress`, other, { slide });
      expect(refused.status).toBe(400);
      expect(refused.body.detail).toMatch(/no such slide/);
      expect(refused.position).toBeNull();
    }
    expect(await readingEvents(other, free)).toEqual(['ReadingProgressRecorded']);
    const place = await read(`/api/stories/${free}/progress`, other, last.position);
    expect(place.body).toEqual({ slide: 3, finished: false, saved: false });
  });

  it("keeps a page's later place when its earlier one arrives after it (was: the place sent on leaving overwritten by the write still in flight)", async () => {
    const story = await publish(system.baseUrl, { texts: ['Left.', 'Two.', 'Three.', 'Four.'] }, 4);
    const page = { writer: 'b2c7e1f0-5d4a-4e8e-9c1a-2f6d7e8a9b0c' };
    const onLeaving = await write('PUT', `/api/stories/${story}/progress`, other, {
      slide: 3,
      order: { ...page, write: 2 },
    });
    expect(onLeaving).toMatchObject({ status: 200, body: { slide: 3 } });
    const late = await write('PUT', `/api/stories/${story}/progress`, other, {
      slide: 1,
      order: { ...page, write: 1 },
    });
    expect(late).toMatchObject({ status: 200, body: { slide: 3 } });
    expect(await readingEvents(other, story)).toEqual(['ReadingProgressRecorded']);
    const place = await read(`/api/stories/${story}/progress`, other, onLeaving.position);
    expect(place.body).toEqual({ slide: 3, finished: false, saved: false });

    // Another page (another tab, another device) is in no order with this one.
    const elsewhere = await write('PUT', `/api/stories/${story}/progress`, other, {
      slide: 1,
      order: { writer: 'another-page-0001', write: 1 },
    });
    expect(elsewhere).toMatchObject({ status: 200, body: { slide: 1 } });

    for (const order of [{ writer: 'x', write: 1 }, { ...page, write: 0 }, { ...page }, 'page']) {
      const refused = await write('PUT', `/api/stories/${story}/progress`, other, { slide: 2, order });
      expect(refused.status).toBe(400);
      expect(refused.body.detail).toMatch(/^order/);
    }
    expect(await readingEvents(other, story)).toHaveLength(2);
  });

  it('refuses a premium story the reader has not unlocked, as opening it would be', async () => {
    const refused = await write('PUT', `/api/stories/${premium}/progress`, other, { slide: 0 });
    expect(refused).toMatchObject({ status: 402, body: { detail: storyMessages.premiumRequired } });
    expect(await readingEvents(other, premium)).toEqual([]);
    // Kept for later, though: a bookmark asks only that the story exists.
    expect((await write('PUT', `/api/stories/${premium}/saved`, other)).status).toBe(200);
  });
});

describe('finished, saved and the shelves', () => {
  it('marks a story read: out of Continue reading, into Read', async () => {
    const done = await write('PUT', `/api/stories/${free}/finished`, reader);
    expect(done.body).toEqual({ slide: 2, finished: true, saved: false });
    expect(ids((await read('/api/me/library?shelf=read', reader, done.position)).body)).toEqual([free]);
    expect(ids((await read('/api/me/library?shelf=continue', reader, done.position)).body)).toEqual([second]);
  });

  it('saves and unsaves in one call each, idempotently, visible at once', async () => {
    const saved = await write('PUT', `/api/stories/${second}/saved`, reader);
    expect(saved.body.saved).toBe(true);
    await write('PUT', `/api/stories/${second}/saved`, reader);
    expect(ids((await read('/api/me/library?shelf=saved', reader, saved.position)).body)).toEqual([second]);
    const unsaved = await write('DELETE', `/api/stories/${second}/saved`, reader);
    expect(unsaved.body.saved).toBe(false);
    expect((await read('/api/me/library?shelf=saved', reader, unsaved.position)).body).toEqual([]);
    expect((await readingEvents(reader, second)).filter((t) => t !== 'ReadingProgressRecorded')).toEqual([
      'StorySaved',
      'StoryUnsaved',
    ]);
  });

  it('pages a shelf like the story list and refuses a bad shelf, limit or cursor', async () => {
    const a = await write('PUT', `/api/stories/${free}/saved`, reader);
    const b = await write('PUT', `/api/stories/${second}/saved`, reader);
    const first = await read('/api/me/library?shelf=saved&limit=1', reader, b.position ?? a.position);
    expect(ids(first.body)).toEqual([second]);
    expect(first.headers.get('x-total-count')).toBe('2');
    const cursor = first.headers.get('x-next-cursor');
    const next = await read(`/api/me/library?shelf=saved&limit=1&cursor=${cursor}`, reader);
    expect(ids(next.body)).toEqual([free]);
    expect(next.headers.get('x-next-cursor')).toBeNull();
    for (const query of ['shelf=nope', '', 'shelf=saved&limit=0', 'shelf=saved&limit=1&cursor=zz']) {
      const bad = await read(`/api/me/library?${query}`, reader);
      expect(bad.status).toBe(400);
      expect(typeof bad.body.detail).toBe('string');
    }
  });

  it('lists the premium stories a premium member unlocked, in full', async () => {
    await grantPremium(system.baseUrl, 'other@nocturne.test');
    await system.settle();
    expect((await read(`/api/stories/${premium}`, other)).status).toBe(200);
    await system.settle();
    const unlocked = await read('/api/me/library?shelf=unlocked', other);
    expect(ids(unlocked.body)).toEqual([premium]);
    expect(unlocked.body[0]?.texts).toEqual(['Premium one.', 'Two.']);
    expect((await write('PUT', `/api/stories/${premium}/progress`, other, { slide: 1 })).status).toBe(200);
  });
});

describe('erasure', () => {
  it("drops a deleted story from every shelf and a deleted account's rows", async () => {
    const deleted = await fetch(`${system.baseUrl}/api/stories/${second}`, {
      method: 'DELETE',
      headers: adminHeaders,
    });
    expect(deleted.status).toBe(200);
    await system.settle();
    expect(ids((await read('/api/me/library?shelf=saved', reader)).body)).toEqual([free]);
    const erased = await accountOf(reader);
    const removed = await fetch(
      `${system.baseUrl}/api/admin/users/${encodeURIComponent('reader@nocturne.test')}`,
      {
        method: 'DELETE',
        headers: adminHeaders,
      },
    );
    expect(removed.status).toBe(200);
    await system.settle();
    const rows = await system.infra.db
      .selectFrom('reading')
      .select('story_id')
      .where('account_id', '=', erased)
      .execute();
    expect(rows).toEqual([]);
  });

  it("starts an address that signs up again with an empty library, and its own save reaches it (was: the erased account's progress, saved and read stories)", async () => {
    // The erased reader had `free` at slide 2, finished and saved.
    const again = await verifiedUser(system.baseUrl, 'reader@nocturne.test');
    await system.settle();
    for (const shelf of ['continue', 'saved', 'read', 'unlocked']) {
      expect((await read(`/api/me/library?shelf=${shelf}`, again)).body, shelf).toEqual([]);
    }
    expect((await read(`/api/stories/${free}/progress`, again)).body).toEqual({
      slide: null,
      finished: false,
      saved: false,
    });
    const saved = await write('PUT', `/api/stories/${free}/saved`, again);
    expect(saved).toMatchObject({ status: 200, body: { slide: null, finished: false, saved: true } });
    expect(saved.position).not.toBeNull();
    expect(ids((await read('/api/me/library?shelf=saved', again, saved.position)).body)).toEqual([free]);
    const place = await write('PUT', `/api/stories/${free}/progress`, again, { slide: 1 });
    expect(place.body).toEqual({ slide: 1, finished: false, saved: true });
    expect(ids((await read('/api/me/library?shelf=continue', again, place.position)).body)).toEqual([free]);
    expect((await read('/api/me/library?shelf=read', again, place.position)).body).toEqual([]);
  });
});

describe('reading recorded before it was named by account', () => {
  it("goes on from the address's stream for its account, and never for the next account of the address", async () => {
    const email = 'legacy@nocturne.test';
    const token = await verifiedUser(system.baseUrl, email);
    // What the product recorded before: the reading stream named by the address's key.
    const legacy = streams.legacyReading(userKeyOf(token), free);
    const recorded = await given(system.infra.store, legacy, [
      { type: 'ReadingProgressRecorded', data: { storyId: free, slide: 3 } },
      { type: 'StorySaved', data: { storyId: free } },
    ]);
    const shelf = await read('/api/me/library?shelf=saved', token, String(recorded.position));
    expect(ids(shelf.body)).toEqual([free]);
    expect((await read(`/api/stories/${free}/progress`, token)).body).toEqual({
      slide: 3,
      finished: false,
      saved: true,
    });
    // The account's commands go on from there, on the stream of the account.
    const unsaved = await write('DELETE', `/api/stories/${free}/saved`, token);
    expect(unsaved.body).toEqual({ slide: 3, finished: false, saved: false });
    expect((await read('/api/me/library?shelf=saved', token, unsaved.position)).body).toEqual([]);
    expect(await readingEvents(token, free)).toEqual(['StoryUnsaved']);
    await given(system.infra.store, legacy, [{ type: 'StorySaved', data: { storyId: free } }]);

    const removed = await fetch(`${system.baseUrl}/api/admin/users/${encodeURIComponent(email)}`, {
      method: 'DELETE',
      headers: adminHeaders,
    });
    expect(removed.status).toBe(200);
    const again = await verifiedUser(system.baseUrl, email);
    await system.settle();
    const saved = await write('PUT', `/api/stories/${free}/saved`, again);
    expect(saved.body).toEqual({ slide: null, finished: false, saved: true });
    expect((await read(`/api/stories/${free}/progress`, again, saved.position)).body).toEqual({
      slide: null,
      finished: false,
      saved: true,
    });
  });
});
