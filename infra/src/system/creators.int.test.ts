import { SEEN_BEYOND_HEAD } from '@nocturne/command-api';
import { creatorMessages } from '@nocturne/domain';
import { streams } from '@nocturne/events';
import { apiCall, bearer, postStory, verifiedUser } from '@nocturne/test-kit/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSystem, type TestSystem } from './test-system';

let system: TestSystem;
let writer: string;
let reader: string;
let rival: string;

beforeAll(async () => {
  system = await startTestSystem();
  writer = await verifiedUser(system.baseUrl, 'writer@nocturne.test');
  reader = await verifiedUser(system.baseUrl, 'reader@nocturne.test');
  rival = await verifiedUser(system.baseUrl, 'rival@nocturne.test');
}, 180_000);

afterAll(async () => {
  await system?.stop();
});

const keyOf = (token: string) => token.split('.')[0]!;
const eventsOn = async (stream: string) => (await system.infra.store.readStream(stream)).map((e) => e.type);

/** A request as `token` (none: a visitor) that reads after `position` when given. */
const call = (method: string, path: string, token: string | null, body?: unknown, position?: string | null) =>
  apiCall(system.baseUrl, method, path, { token, body, after: position });

async function publishAs(
  token: string,
  texts: string[],
  extra: { penName?: string; isPremium?: boolean } = {},
) {
  const response = await postStory(system.baseUrl, { texts, ...extra }, bearer(token), texts.length + 7);
  const body = (await response.json()) as { id?: string; detail?: string };
  return { status: response.status, body, position: response.headers.get('x-event-position') };
}

describe('pen names', () => {
  it('refuses a pen name that breaks the rules, or a visitor, and appends nothing', async () => {
    for (const penName of ['a', 'x'.repeat(31), 'no/slash', '<b>', '---']) {
      const answer = await call('PUT', '/api/me/pen-name', writer, { penName });
      expect(answer.status, penName).toBe(400);
      expect(answer.body.detail).toMatch(/pen name/i);
    }
    expect((await call('PUT', '/api/me/pen-name', writer, { penName: 7 })).status).toBe(400);
    expect((await call('PUT', '/api/me/pen-name', writer, {})).status).toBe(400);
    expect((await call('PUT', '/api/me/pen-name', null, { penName: 'Ghost' })).status).toBe(401);
    expect(await eventsOn(streams.creator(keyOf(writer)))).toEqual([]);
    const badPublish = await publishAs(writer, ['One.', 'Two.'], { penName: 'Who?!' });
    expect(badPublish.status).toBe(400);
    expect(badPublish.body.detail).toBe(creatorMessages.penNameCharacters);
    expect(await eventsOn(streams.creator(keyOf(writer)))).toEqual([]);
  });

  it('is chosen at the first publish and shown on the card, the creator page and its list', async () => {
    const published = await publishAs(writer, ['The lamp was lit.', 'She came in.'], {
      penName: '  Night   Owl ',
    });
    expect(published.status).toBe(201);
    const story = await call('GET', `/api/stories/${published.body.id}`, null, undefined, published.position);
    expect(story.body.creator).toEqual({ name: 'Night Owl', handle: 'night-owl' });
    const premium = await publishAs(writer, ['Locked one here.', 'Two.'], { isPremium: true });
    const creator = await call('GET', '/api/creators/Night-Owl', null, undefined, premium.position);
    expect(creator.body).toEqual({
      penName: 'Night Owl',
      handle: 'night-owl',
      stories: 2,
      followers: 0,
      following: false,
      isMe: false,
    });
    expect((await call('GET', '/api/creators/night-owl', writer)).body.isMe).toBe(true);
    // Paged like every list, with every list's premium rules: a visitor sees the premium one locked.
    const first = await call(
      'GET',
      '/api/stories?creator=night-owl&limit=1',
      null,
      undefined,
      premium.position,
    );
    expect(first.body.map((s: { id: string }) => s.id)).toEqual([premium.body.id]);
    expect(first.body[0].texts).toEqual(['Locked one here.']);
    expect(first.body[0].images).toHaveLength(1);
    expect(first.headers.get('x-total-count')).toBe('2');
    const cursor = first.headers.get('x-next-cursor')!;
    const second = await call(
      'GET',
      `/api/stories?creator=night-owl&limit=1&cursor=${encodeURIComponent(cursor)}`,
      null,
    );
    expect(second.body.map((s: { id: string }) => s.id)).toEqual([published.body.id]);
    expect((await call('GET', '/api/stories?creator=no%2Fsuch', null)).status).toBe(400);
    expect((await call('GET', '/api/creators/nobody-here', null)).status).toBe(404);
  });

  it('a pen name taken twice at once: one account gets it, the other a 409', async () => {
    const [a, b] = await Promise.all([
      call('PUT', '/api/me/pen-name', reader, { penName: 'Same Name' }),
      call('PUT', '/api/me/pen-name', rival, { penName: 'same-name' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(loser.body.detail).toBe(creatorMessages.penNameTaken);
    const claims = await eventsOn(streams.penName('same-name'));
    expect(claims).toEqual(['PenNameClaimed']);
  });

  it('a change frees the former name for anyone and renames the stories', async () => {
    const changed = await call('PUT', '/api/me/pen-name', writer, { penName: 'Lark' });
    expect(changed).toMatchObject({ status: 200, body: { penName: 'Lark', handle: 'lark' } });
    const stories = await call('GET', '/api/stories?creator=lark', null, undefined, changed.position);
    expect(stories.body).toHaveLength(2);
    expect(
      stories.body.every(
        (s: { creator: unknown }) => JSON.stringify(s.creator) === '{"name":"Lark","handle":"lark"}',
      ),
    ).toBe(true);
    const taken = await call('PUT', '/api/me/pen-name', rival, { penName: 'Night Owl' });
    expect(taken.status).toBe(200);
  });
});

describe('following and notifications', () => {
  it('refuses an unknown creator, following oneself and a visitor, appending nothing', async () => {
    expect((await call('POST', '/api/creators/nobody-here/follow', reader)).status).toBe(404);
    const self = await call('POST', '/api/creators/lark/follow', writer);
    expect(self).toMatchObject({ status: 400, body: { detail: creatorMessages.followSelf } });
    expect((await call('POST', '/api/creators/lark/follow', null)).status).toBe(401);
    expect(await eventsOn(streams.follow(keyOf(writer), keyOf(writer)))).toEqual([]);
    expect((await call('POST', '/api/me/notifications/seen', reader, { through: -1 })).status).toBe(400);
    expect((await call('POST', '/api/me/notifications/seen', reader, { through: 'x' })).status).toBe(400);
    // Beyond the log's head: stories not yet published would be marked read.
    const beyond = (await system.infra.store.headPosition()) + 1000;
    const ahead = await call('POST', '/api/me/notifications/seen', reader, { through: beyond });
    expect(ahead).toMatchObject({ status: 400, body: { detail: SEEN_BEYOND_HEAD } });
    expect(await eventsOn(streams.inbox(keyOf(reader)))).toEqual([]);
  });

  it('tells a follower of a new story, counts followers, and stops after unfollowing', async () => {
    const followed = await call('POST', '/api/creators/lark/follow', reader);
    expect(followed).toMatchObject({ status: 200, body: { following: true } });
    const page = await call('GET', '/api/creators/lark', reader, undefined, followed.position);
    expect(page.body).toMatchObject({ followers: 1, following: true });
    expect(JSON.stringify(page.body)).not.toContain('@');

    const story = await publishAs(writer, ['A new one.', 'Two.']);
    const inbox = await call('GET', '/api/me/notifications', reader, undefined, story.position);
    expect(inbox.body.unread).toBe(1);
    expect(inbox.body.items).toEqual([
      expect.objectContaining({
        storyId: story.body.id,
        creator: { name: 'Lark', handle: 'lark' },
        read: false,
      }),
    ]);
    const shelf = await call('GET', '/api/me/library?shelf=following', reader, undefined, story.position);
    expect(shelf.body.map((s: { id: string }) => s.id)[0]).toBe(story.body.id);

    const seen = await call('POST', '/api/me/notifications/seen', reader, { through: inbox.body.newest });
    const after = await call('GET', '/api/me/notifications', reader, undefined, seen.position);
    expect(after.body.unread).toBe(0);
    expect(after.body.items[0].read).toBe(true);

    const unfollowed = await call('DELETE', '/api/creators/lark/follow', reader);
    expect(unfollowed.body).toEqual({ following: false });
    const later = await publishAs(writer, ['Nobody is told.', 'Two.']);
    const none = await call('GET', '/api/me/notifications', reader, undefined, later.position);
    expect(none.body.unread).toBe(0);
    expect(none.body.items).toEqual([]);
  });
});

describe('the studio', () => {
  it('refuses a range other than 30 or 90 days, and a visitor', async () => {
    expect((await call('GET', '/api/me/studio?days=7', writer)).status).toBe(400);
    expect((await call('GET', '/api/me/studio?days=7', writer)).body.detail).toBe('days must be 30 or 90');
    expect((await call('GET', '/api/me/studio', null)).status).toBe(401);
  });

  it("counts what readers did with a creator's story: views, likes, readers, finishes, reach per slide, per day", async () => {
    const story = await publishAs(writer, ['One slide.', 'Two slides.', 'Three slides.']);
    const id = story.body.id!;
    await call('POST', `/api/stories/${id}/view`, reader);
    await call('POST', `/api/stories/${id}/view`, null);
    await call('POST', `/api/stories/${id}/like`, reader);
    await call('PUT', `/api/stories/${id}/progress`, reader, { slide: 1 });
    await call('PUT', `/api/stories/${id}/progress`, rival, { slide: 2 });
    await call('PUT', `/api/stories/${id}/progress`, rival, { slide: 0 });
    const last = await call('PUT', `/api/stories/${id}/finished`, rival);
    const studio = await call('GET', '/api/me/studio', writer, undefined, last.position);
    expect(studio.status).toBe(200);
    expect(studio.body.stories[0]).toEqual({
      id,
      title: 'One slide.',
      isPremium: false,
      slides: 3,
      views: 2,
      likes: 1,
      readers: 2,
      finished: 1,
      reached: [2, 2, 1],
    });
    expect(studio.body.daily).toHaveLength(30);
    expect(studio.body.daily.at(-1)).toMatchObject({ views: 2, likes: 1 });
    expect((await call('GET', '/api/me/studio?days=90', writer)).body.daily).toHaveLength(90);
    // Someone who never published has an empty studio.
    const empty = await call('GET', '/api/me/studio', reader);
    expect(empty.body.stories).toEqual([]);
  });
});

describe('the bell right after it is marked', () => {
  it("reads the notifications as seen at once with the mark's position, every time", async () => {
    // Each round publishes, marks the bell seen and reads it again at once with the mark's
    // position: the read must never count as unread what the mark covered.
    const maker = await verifiedUser(system.baseUrl, 'bell-maker@nocturne.test');
    const fan = await verifiedUser(system.baseUrl, 'bell-fan@nocturne.test');
    expect((await call('PUT', '/api/me/pen-name', maker, { penName: 'Bell Maker' })).status).toBe(200);
    expect((await call('POST', '/api/creators/bell-maker/follow', fan)).status).toBe(200);
    for (let round = 1; round <= 5; round++) {
      const story = await publishAs(maker, [`Round ${round}.`, 'Two.']);
      expect(story.status, `round ${round}`).toBe(201);
      const before = await call('GET', '/api/me/notifications', fan, undefined, story.position);
      expect(before.body.unread, `round ${round}`).toBe(1);
      const seen = await call('POST', '/api/me/notifications/seen', fan, { through: before.body.newest });
      expect(seen.status).toBe(200);
      const after = await call('GET', '/api/me/notifications', fan, undefined, seen.position);
      expect(after.status).toBe(200);
      expect(after.body.unread, `round ${round}`).toBe(0);
      expect(after.body.items).toHaveLength(round);
      expect(
        after.body.items.every((item: { read: boolean }) => item.read),
        `round ${round}`,
      ).toBe(true);
    }
  });
});
