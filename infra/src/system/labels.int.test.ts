import { labelMessages, storyMessages } from '@nocturne/domain';
import { adminHeaders, bearer, postStory, publish, verifiedUser } from '@nocturne/test-kit/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSystem, type TestSystem } from './test-system';

let system: TestSystem;
let readerToken: string;

beforeAll(async () => {
  system = await startTestSystem();
  readerToken = await verifiedUser(system.baseUrl, 'labels-reader@nocturne.test');
}, 120_000);

afterAll(async () => {
  await system?.stop();
});

const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = adminHeaders) =>
  fetch(`${system.baseUrl}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const get = async <T>(path: string, headers: Record<string, string> = {}) => {
  await system.settle();
  const response = await fetch(`${system.baseUrl}${path}`, { headers });
  return { status: response.status, headers: response.headers, body: (await response.json()) as T };
};

/** A refused request: its status and detail, and nothing appended to the log. */
async function expectRefusal(request: () => Promise<Response>, status: number, detail?: string) {
  const before = await system.infra.store.headPosition();
  const response = await request();
  expect(response.status).toBe(status);
  const body = (await response.json()) as { detail: string };
  if (detail !== undefined) expect(body.detail).toBe(detail);
  expect(await system.infra.store.headPosition()).toBe(before);
}

type StoryAnswer = { id: string; tags: string[]; warnings: string[] };

describe('the curated tag list', () => {
  it('the admin adds tags in their normalised form; GET /api/tags lists them with the fixed warnings', async () => {
    for (const tag of ['Romance', 'slow  burn', 'pirates', 'gothic']) {
      const response = await call('POST', '/api/admin/tags', { tag });
      expect(response.status).toBe(201);
      expect(Number(response.headers.get('x-event-position'))).toBeGreaterThan(0);
    }
    const { body } = await get<{ tags: string[]; warnings: { id: string }[] }>('/api/tags');
    expect(body.tags).toEqual(['gothic', 'pirates', 'romance', 'slow burn']);
    expect(body.warnings.map((w) => w.id)).toContain('violence');
  });

  it('refuses a second add (409), a bad tag (400), no admin (401), and writes nothing', async () => {
    await expectRefusal(
      () => call('POST', '/api/admin/tags', { tag: 'ROMANCE' }),
      409,
      labelMessages.tagExists('romance'),
    );
    await expectRefusal(
      () => call('POST', '/api/admin/tags', { tag: 'no_underscores' }),
      400,
      labelMessages.badTag,
    );
    await expectRefusal(() => call('POST', '/api/admin/tags', {}), 400);
    await expectRefusal(() => call('POST', '/api/admin/tags', { tag: 'new' }, {}), 401);
    await expectRefusal(() => call('POST', '/api/admin/tags', { tag: 'new' }, bearer(readerToken)), 401);
    await expectRefusal(() => call('DELETE', '/api/admin/tags/romance', undefined, {}), 401);
  });

  it('removes a tag (404 for one not in the list)', async () => {
    await call('POST', '/api/admin/tags', { tag: 'short-lived' });
    expect((await call('DELETE', '/api/admin/tags/short-lived')).status).toBe(200);
    expect((await get<{ tags: string[] }>('/api/tags')).body.tags).not.toContain('short-lived');
    await expectRefusal(
      () => call('DELETE', '/api/admin/tags/short-lived'),
      404,
      labelMessages.tagNotFound('short-lived'),
    );
  });
});

describe('publishing with labels', () => {
  it('publishes curated tags and warnings; the answers carry them', async () => {
    const id = await publish(system.baseUrl, {
      texts: ['A dark night.', 'The end.'],
      tags: ['Romance', 'gothic'],
      warnings: ['violence'],
    });
    const { body } = await get<StoryAnswer>(`/api/stories/${id}`);
    expect(body).toMatchObject({ tags: ['romance', 'gothic'], warnings: ['violence'] });
    const list = await get<StoryAnswer[]>('/api/stories');
    expect(list.body.find((s) => s.id === id)).toMatchObject({ tags: ['romance', 'gothic'] });
  });

  it('refuses an unknown tag naming it, 9 tags, an unknown warning: 400, nothing written', async () => {
    const texts = ['One.', 'Two.'];
    await expectRefusal(
      () => postStory(system.baseUrl, { texts, tags: ['romance', 'spaceships'] }),
      400,
      labelMessages.unknownTag('spaceships'),
    );
    const nine = Array.from({ length: 9 }, (_, i) => `t${i}`);
    await expectRefusal(
      () => postStory(system.baseUrl, { texts, tags: nine }),
      400,
      labelMessages.tooManyTags,
    );
    await expectRefusal(
      () => postStory(system.baseUrl, { texts, warnings: ['spiders'] }),
      400,
      labelMessages.unknownWarning('spiders'),
    );
  });
});

describe("an admin changes a story's labels", () => {
  it('appends StoryLabelsChanged; the answers show the new labels', async () => {
    const id = await publish(system.baseUrl, { texts: ['One.', 'Two.'], tags: ['pirates'] });
    const response = await call('PUT', `/api/admin/stories/${id}/labels`, {
      tags: ['Gothic'],
      warnings: ['gore'],
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ tags: ['gothic'], warnings: ['gore'] });
    const events = await system.infra.store.readStream(`story-${id}`);
    expect(events.map((e) => e.type)).toEqual(['StoryPublished', 'StoryLabelsChanged']);
    const { body } = await get<StoryAnswer>(`/api/stories/${id}`, {
      'X-Min-Position': response.headers.get('x-event-position')!,
    });
    expect(body).toMatchObject({ tags: ['gothic'], warnings: ['gore'] });
  });

  it('refuses bad labels (400), no admin (401), an unknown or deleted story (404), writing nothing', async () => {
    const id = await publish(system.baseUrl, { texts: ['One.', 'Two.'] });
    const labels = (tags: string[], warnings: string[] = []) => ({ tags, warnings });
    const path = `/api/admin/stories/${id}/labels`;
    await expectRefusal(
      () => call('PUT', path, labels(['spaceships'])),
      400,
      labelMessages.unknownTag('spaceships'),
    );
    await expectRefusal(
      () => call('PUT', path, labels(Array.from({ length: 9 }, (_, i) => `t${i}`))),
      400,
      labelMessages.tooManyTags,
    );
    await expectRefusal(
      () => call('PUT', path, labels([], ['spiders'])),
      400,
      labelMessages.unknownWarning('spiders'),
    );
    await expectRefusal(() => call('PUT', path, { tags: 'romance' }), 400);
    await expectRefusal(() => call('PUT', path, labels([]), {}), 401);
    await expectRefusal(
      () => call('PUT', '/api/admin/stories/00000000-0000-4000-8000-000000000000/labels', labels([])),
      404,
      storyMessages.notFound,
    );
    expect((await call('DELETE', `/api/stories/${id}`)).status).toBe(200);
    await expectRefusal(() => call('PUT', path, labels(['romance'])), 404, storyMessages.notFound);
  });
});

describe('the story list by tag', () => {
  it('?tag= keeps the tagged stories, pages them, and never serves the unfiltered bytes', async () => {
    await call('POST', '/api/admin/tags', { tag: 'only-here' });
    const tagged = [];
    for (const n of [1, 2, 3]) {
      tagged.push(await publish(system.baseUrl, { texts: [`Tagged ${n}.`, 'End.'], tags: ['only-here'] }));
    }
    const all = await get<StoryAnswer[]>('/api/stories');
    expect(all.body.length).toBeGreaterThan(3);
    const filtered = await get<StoryAnswer[]>('/api/stories?tag=Only-Here');
    expect(filtered.body.map((s) => s.id)).toEqual([...tagged].reverse());
    expect(filtered.headers.get('etag')).not.toBe(all.headers.get('etag'));
    // The unfiltered list is still whole after a filtered one.
    expect((await get<StoryAnswer[]>('/api/stories')).body).toHaveLength(all.body.length);

    const first = await get<StoryAnswer[]>('/api/stories?tag=only-here&limit=2');
    expect(first.body.map((s) => s.id)).toEqual([tagged[2], tagged[1]]);
    expect(first.headers.get('x-total-count')).toBe('3');
    const cursor = first.headers.get('x-next-cursor')!;
    const second = await get<StoryAnswer[]>(`/api/stories?tag=only-here&limit=2&cursor=${cursor}`);
    expect(second.body.map((s) => s.id)).toEqual([tagged[0]]);
    expect(second.headers.get('x-next-cursor')).toBeNull();

    const signedIn = await get<StoryAnswer[]>('/api/stories?tag=only-here', bearer(readerToken));
    expect(signedIn.body.map((s) => s.id)).toEqual([...tagged].reverse());
    expect((await get<StoryAnswer[]>('/api/stories?tag=nobody-has-it')).body).toEqual([]);
  });

  it('refuses a tag that cannot exist (400)', async () => {
    const response = await get<{ detail: string }>('/api/stories?tag=bad_tag');
    expect(response.status).toBe(400);
    expect(response.body.detail).toBe(labelMessages.badTag);
  });
});

describe("a reader's hidden warnings", () => {
  it('are remembered and leave the warned stories out of their lists only', async () => {
    const warned = await publish(system.baseUrl, { texts: ['Blood.', 'More.'], warnings: ['gore'] });
    const plain = await publish(system.baseUrl, { texts: ['Calm.', 'Quiet.'] });
    const put = await call('PUT', '/api/me/hidden-warnings', { warnings: ['gore'] }, bearer(readerToken));
    expect(put.status).toBe(200);
    expect((await get<{ warnings: string[] }>('/api/me/hidden-warnings', bearer(readerToken))).body).toEqual({
      warnings: ['gore'],
    });
    const mine = (await get<StoryAnswer[]>('/api/stories', bearer(readerToken))).body.map((s) => s.id);
    expect(mine).toContain(plain);
    expect(mine).not.toContain(warned);
    const paged = await get<StoryAnswer[]>('/api/stories?limit=100', bearer(readerToken));
    expect(paged.body.map((s) => s.id)).not.toContain(warned);
    expect(Number(paged.headers.get('x-total-count'))).toBe(mine.length);
    const anyone = (await get<StoryAnswer[]>('/api/stories')).body.map((s) => s.id);
    expect(anyone).toContain(warned);

    await call('PUT', '/api/me/hidden-warnings', { warnings: [] }, bearer(readerToken));
    const again = (await get<StoryAnswer[]>('/api/stories', bearer(readerToken))).body.map((s) => s.id);
    expect(again).toContain(warned);
  });

  it('refuses an unknown warning (400) and no session (401), writing nothing', async () => {
    await expectRefusal(
      () => call('PUT', '/api/me/hidden-warnings', { warnings: ['spiders'] }, bearer(readerToken)),
      400,
      labelMessages.unknownWarning('spiders'),
    );
    await expectRefusal(
      () => call('PUT', '/api/me/hidden-warnings', { warnings: 'gore' }, bearer(readerToken)),
      400,
    );
    await expectRefusal(() => call('PUT', '/api/me/hidden-warnings', { warnings: ['gore'] }, {}), 401);
    expect((await get('/api/me/hidden-warnings')).status).toBe(401);
  });
});
