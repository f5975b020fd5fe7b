import { randomUUID } from 'node:crypto';
import { streams } from '@nocturne/events';
import { given, storyPublished } from '@nocturne/events/testing';
import { StoryListCache } from '@nocturne/query-api';
import { type ApiRequest, apiCall } from '@nocturne/test-kit/api-client';
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { answerHeaders, rawRequest } from './raw-http';
import { startTestSystem, TEST_ADMIN_PASSWORD, type TestSystem } from './test-system';

/**
 * The story list served from memory (query-api/src/stories/list) in the whole product: it is
 * never older than the position a like answered, one viewer's personal answer never reaches
 * another, 304s included, its compressed bytes go out as kept, and the hot lane answers as the
 * route does. (The cache's own reads and the list's paging are query-api's tests, beside it.)
 */
let system: TestSystem;

beforeAll(async () => {
  system = await startTestSystem();
});
afterAll(async () => {
  await system?.stop();
});

interface Entry {
  id: string;
  images: string[];
  texts: string[];
  likes: number;
}

async function publish(options: { isPremium?: boolean } = {}): Promise<{ id: string; position: number }> {
  const event = storyPublished(options);
  const result = await given(system.infra.store, streams.story(event.data.storyId), [event], 'no_stream');
  return { id: event.data.storyId, position: Number(result.position) };
}

async function list(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${system.baseUrl}${path}`, { headers });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: (text ? JSON.parse(text) : undefined) as Entry[],
  };
}

/** A GET over HTTP exactly as given (no Accept-Encoding added): status, answer headers, bytes. */
const rawGet = (path: string, headers: Record<string, string>) =>
  rawRequest(`${system.baseUrl}${path}`, { headers });

const call = (method: string, path: string, request?: ApiRequest) =>
  apiCall(system.baseUrl, method, path, request);

async function loggedInUser(): Promise<{ email: string; token: string; position: string }> {
  const email = `reader-${randomUUID().slice(0, 8)}@example.com`;
  const signup = await call('POST', '/api/auth/signup', {
    body: { email, password: 'secret-pass-1', age_confirmed: true },
  });
  expect(signup.status).toBe(200);
  expect(
    (await call('POST', '/api/auth/verify-email', { body: { token: signup.body.verification_token } }))
      .status,
  ).toBe(200);
  const login = await call('POST', '/api/auth/login', { body: { email, password: 'secret-pass-1' } });
  expect(login.status).toBe(200);
  return { email, token: login.body.token as string, position: login.position! };
}

type Peek = MockInstance<StoryListCache['peek']>;

/** The server's hot lane answers the GET itself (it peeks once), byte for byte as the route does. */
async function expectLaneAnswersAsRoute(peek: Peek, path: string, headers: Record<string, string>) {
  const what = `${path} ${JSON.stringify(headers)}`;
  peek.mockClear();
  const viaLane = await rawGet(path, headers);
  expect(peek, `${what} goes through the lane`).toHaveBeenCalledTimes(1);
  // inject() hands the request to Fastify itself: the route's answer.
  const viaRoute = await system.app.inject({ url: path, headers });
  expect(peek).toHaveBeenCalledTimes(1);
  expect(viaLane.status, what).toBe(viaRoute.statusCode);
  expect(viaLane.headers, what).toEqual(answerHeaders(viaRoute.headers));
  expect(viaLane.body.equals(viaRoute.rawPayload), what).toBe(true);
}

/** The lane leaves the GET to the route (it does not peek), which answers `status`. */
async function expectLeftToRoute(peek: Peek, path: string, headers: Record<string, string>, status: number) {
  peek.mockClear();
  expect((await rawGet(path, headers)).status, path).toBe(status);
  expect(peek, `${path} goes to the route`).not.toHaveBeenCalled();
}

describe('the cached story list', () => {
  it('a like, then the list (or the free story) with its X-Min-Position, shows the like: 200 times in a row', async () => {
    const { id } = await publish();
    for (let n = 1; n <= 200; n++) {
      const like = await fetch(`${system.baseUrl}/api/stories/${id}/like`, { method: 'POST' });
      expect(like.status).toBe(200);
      const position = like.headers.get('x-event-position')!;
      const path = ['/api/stories', '/api/stories?limit=5', `/api/stories/${id}`][n % 3]!;
      const answer = await list(path, { 'X-Min-Position': position });
      expect(answer.status).toBe(200);
      expect(Number(answer.headers.get('x-projected-position'))).toBeGreaterThanOrEqual(Number(position));
      const story = Array.isArray(answer.body)
        ? answer.body.find((s) => s.id === id)
        : (answer.body as Entry);
      expect(story?.likes, `like ${n} via ${path}`).toBe(n);
    }
  });

  it("a premium member's covers and unlocked stories never reach an anonymous or a free reader, 304s included", async () => {
    const unlockedStory = await publish({ isPremium: true });
    const coverOnly = await publish({ isPremium: true });
    const admin = await call('POST', '/api/admin/validate', {
      headers: { 'X-Admin-Code': TEST_ADMIN_PASSWORD },
    });
    expect(admin.status).toBe(200);
    const premiumMember = await loggedInUser();
    const grant = await call(
      'PUT',
      `/api/admin/users/${encodeURIComponent(premiumMember.email)}/subscription`,
      {
        form: { is_subscribed: 'true' },
        headers: { 'X-Admin-Code': admin.body.token as string },
      },
    );
    expect(grant.status).toBe(200);
    const free = await loggedInUser();
    const auth = (token: string, position: string) => ({
      Authorization: `Bearer ${token}`,
      'X-Min-Position': position,
    });

    // The premium member's list before the unlock (kept a moment by query-api): a cover only.
    const beforeUnlock = await list('/api/stories', auth(premiumMember.token, grant.position!));
    expect(beforeUnlock.body.find((s) => s.id === unlockedStory.id)?.texts).toHaveLength(1);

    const open = await fetch(`${system.baseUrl}/api/stories/${unlockedStory.id}`, {
      headers: auth(premiumMember.token, grant.position!),
    });
    expect(open.status).toBe(200);
    const position = open.headers.get('x-event-position')!;

    const anonymous = await list('/api/stories', {});
    // Anonymous: a proxy may keep it a moment, a browser revalidates every time.
    expect(anonymous.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=1, must-revalidate');
    const personal = await list('/api/stories', auth(premiumMember.token, position));
    expect(personal.headers.get('cache-control')).toMatch(/private/);
    expect(personal.headers.get('vary')).toMatch(/Authorization/);
    expect(personal.headers.get('vary')).toMatch(/X-Admin-Code/);
    const mine = (id: string) => personal.body.find((s) => s.id === id)!;
    expect(mine(unlockedStory.id).texts).toHaveLength(2);
    expect(mine(coverOnly.id).images[0]).toContain('.'); // a cover signed for the premium member
    const personalTag = personal.headers.get('etag')!;
    const personalPage = await list('/api/stories?limit=5', auth(premiumMember.token, position));
    const personalPageTag = personalPage.headers.get('etag')!;

    const isLocked = (entry: Entry | undefined) =>
      entry !== undefined &&
      entry.texts.length === 1 &&
      entry.images.length === 1 &&
      !entry.images[0]!.includes('.');
    const viewers: Array<[string, Record<string, string>]> = [
      ['anonymous', { 'X-Min-Position': position }],
      ['free reader', auth(free.token, position)],
    ];
    for (const [who, headers] of viewers) {
      for (const [path, tag] of [
        ['/api/stories', personalTag],
        ['/api/stories?limit=5', personalPageTag],
      ] as const) {
        // Even presenting the premium member's ETag gets this viewer's own answer, never a 304 on theirs.
        const answer = await list(path, { ...headers, 'If-None-Match': tag });
        expect(answer.status, `${who} ${path}`).toBe(200);
        expect(answer.headers.get('etag')).not.toBe(tag);
        expect(isLocked(answer.body.find((s) => s.id === unlockedStory.id)), `${who} ${path}`).toBe(true);
        expect(isLocked(answer.body.find((s) => s.id === coverOnly.id)), `${who} ${path}`).toBe(true);
        // Their own revalidation is a 304 without a body.
        const again = await fetch(`${system.baseUrl}${path}`, {
          headers: { ...headers, 'If-None-Match': answer.headers.get('etag')! },
        });
        expect(again.status).toBe(304);
        expect(await again.text()).toBe('');
      }
    }
    // And the premium member revalidating with an anonymous ETag gets their own answer again.
    const anonymousTag = (await list('/api/stories', { 'X-Min-Position': position })).headers.get('etag')!;
    const back = await list('/api/stories', {
      ...auth(premiumMember.token, position),
      'If-None-Match': anonymousTag,
    });
    expect(back.status).toBe(200);
    expect(back.body.find((s) => s.id === unlockedStory.id)?.texts).toHaveLength(2);
  });

  it('keeps Brotli and gzip bytes with the cached answer and sends them as they are', async () => {
    await Promise.all(Array.from({ length: 5 }, () => publish()));
    const head = String(await system.infra.store.headPosition());
    const plain = await fetch(`${system.baseUrl}/api/stories`, {
      headers: { 'X-Min-Position': head, 'Accept-Encoding': 'identity' },
    });
    const text = await plain.text();
    expect(text.length).toBeGreaterThan(1024);
    for (const coding of ['br', 'gzip']) {
      const answer = await fetch(`${system.baseUrl}/api/stories`, {
        headers: { 'X-Min-Position': head, 'Accept-Encoding': coding },
      });
      expect(answer.headers.get('content-encoding')).toBe(coding);
      expect(await answer.text()).toBe(text); // fetch decodes once: compressed exactly once
    }
  });

  it("answers a visitor's list in the server's hot lane exactly as the route answers it, and leaves the rest to the route", async () => {
    for (let n = 0; n < 4; n++) await publish({ isPremium: n === 1 });
    const head = String(await system.infra.store.headPosition());
    const firstPage = await list('/api/stories?limit=2', { 'X-Min-Position': head });
    const cursor = firstPage.headers.get('x-next-cursor');
    const etag = String(firstPage.headers.get('etag'));
    expect(cursor).toBeTruthy();
    // The lane alone takes the snapshot in hand without waiting (the route waits for its position).
    const peek = vi.spyOn(StoryListCache.prototype, 'peek');
    try {
      for (const [path, headers] of [
        ['/api/stories', {}],
        ['/api/stories?limit=2', {}],
        [`/api/stories?limit=2&cursor=${cursor}`, {}],
        ['/api/stories', { 'Accept-Encoding': 'br, gzip' }],
        ['/api/stories', { 'Accept-Encoding': 'gzip, deflate' }],
        ['/api/stories?limit=2', { 'If-None-Match': etag }],
        ['/api/stories?tag=night&limit=2', {}],
      ] as const) {
        await expectLaneAnswersAsRoute(peek, path, headers);
      }
      // Its answers are timed like any other (GET /metrics).
      const answered = async (status: string) => {
        const metric = await system.metrics.getSingleMetric('http_request_duration_seconds')?.get();
        const count = metric?.values.find(
          (v) =>
            (v as { metricName?: string }).metricName === 'http_request_duration_seconds_count' &&
            v.labels.route === '/api/stories' &&
            v.labels.status_code === status,
        );
        return count?.value ?? 0;
      };
      const before = await answered('304');
      expect((await rawGet('/api/stories?limit=2', { 'If-None-Match': etag })).status).toBe(304);
      expect(await answered('304')).toBe(before + 1);

      for (const [path, headers, status] of [
        ['/api/stories', { Authorization: 'Bearer not-a-session' }, 200],
        ['/api/stories', { 'X-Admin-Code': 'wrong' }, 401],
        ['/api/stories', { 'X-Min-Position': head }, 200],
        ['/api/stories?tag=bad_tag', {}, 400],
        ['/api/stories?limit=0', {}, 400],
        ['/api/stories?limit=2&limit=3', {}, 400],
        ['/api/stories?cursor=forged', {}, 400],
      ] as const) {
        await expectLeftToRoute(peek, path, headers, status);
      }
    } finally {
      peek.mockRestore();
    }
  });

  it("answers a visitor's free story in the server's hot lane exactly as the route answers it, and leaves the rest to the route", async () => {
    const free = await publish();
    const premium = await publish({ isPremium: true });
    const head = String(await system.infra.store.headPosition());
    const first = await list(`/api/stories/${free.id}`, { 'X-Min-Position': head });
    const etag = String(first.headers.get('etag'));
    expect(etag).toMatch(/^"/);
    const peek = vi.spyOn(StoryListCache.prototype, 'peek');
    try {
      for (const headers of [{}, { 'Accept-Encoding': 'br, gzip' }, { 'If-None-Match': etag }] as Record<
        string,
        string
      >[]) {
        await expectLaneAnswersAsRoute(peek, `/api/stories/${free.id}`, headers);
      }
      expect((await rawGet(`/api/stories/${free.id}`, { 'If-None-Match': etag })).status).toBe(304);

      // Looked up in the snapshot and left to the route: a premium story, one it does not hold.
      expect((await rawGet(`/api/stories/${premium.id}`, {})).status).toBe(401);
      expect((await rawGet(`/api/stories/${randomUUID()}`, {})).status).toBe(404);
      for (const [path, headers, status] of [
        [`/api/stories/${free.id}`, { Authorization: 'Bearer not-a-session' }, 200],
        [`/api/stories/${free.id}`, { 'X-Admin-Code': 'wrong' }, 401],
        [`/api/stories/${free.id}`, { 'X-Min-Position': head }, 200],
        [`/api/stories/${free.id}?x=1`, {}, 200],
        [`/api/stories/${free.id}/progress`, {}, 401],
      ] as const) {
        await expectLeftToRoute(peek, path, headers, status);
      }
    } finally {
      peek.mockRestore();
    }
  });
});
