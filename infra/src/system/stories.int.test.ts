import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { type EventData, streams } from '@nocturne/events';
import {
  adminHeaders,
  bearer,
  grantPremium,
  postStory,
  publish,
  verifiedUser,
} from '@nocturne/test-kit/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSystem, type TestSystem } from './test-system';

let system: TestSystem;
let freeToken: string;
let premiumToken: string;

beforeAll(async () => {
  system = await startTestSystem();
  freeToken = await verifiedUser(system.baseUrl, 'free@nocturne.test');
  premiumToken = await verifiedUser(system.baseUrl, 'premium@nocturne.test');
  await grantPremium(system.baseUrl, 'premium@nocturne.test');
  await system.settle();
}, 120_000);

afterAll(async () => {
  await system?.stop();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${system.baseUrl}${path}`, { headers });

async function storedImages(): Promise<string[]> {
  return readdir(join(system.config.dataDir, 'images')).catch(() => []);
}

async function published(id: string): Promise<EventData<'StoryPublished'>> {
  const [event] = await system.infra.store.readStream(streams.story(id));
  return event!.data as EventData<'StoryPublished'>;
}

describe('publishing', () => {
  it('stores WebP renditions under content-hash names and serves a free story to anyone', async () => {
    const id = await publish(system.baseUrl, { texts: ['First slide. Two sentences!', 'Second slide?'] }, 7);
    const data = await published(id);
    expect(data.slides).toHaveLength(2);
    const files = await storedImages();
    for (const slide of data.slides) {
      expect(slide.image.ref).toMatch(/^[0-9a-f]{32}$/);
      expect(files).toContain(`${slide.image.ref}-${slide.image.width}.webp`);
    }
    expect(files).toContain(`${data.preview.ref}.webp`);
    await system.settle();

    const story = (await (await get(`/api/stories/${id}`)).json()) as Record<string, unknown>;
    expect(story).toEqual({
      id,
      images: data.slides.map((s) => s.image.ref),
      texts: ['First slide. Two sentences!', 'Second slide?'],
      isPremium: false,
      views: 0,
      likes: 0,
      tags: [],
      warnings: [],
      readingMinutes: 1,
      // Published without a rating: Mature.
      rating: 'mature',
      // Published by the admin: the product's name, no creator page.
      creator: { name: 'Nocturne', handle: null },
    });
    const image = await get(`/api/images/${data.slides[0]!.image.ref}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(image.headers.get('cache-control')).toBe('public, max-age=300, must-revalidate');
    const bytes = (await image.arrayBuffer()).byteLength;
    expect(bytes).toBeGreaterThan(0);
    expect(Number(image.headers.get('content-length'))).toBe(bytes);
    // Content-addressed: a strong ETag, and a revalidation is a 304 without the bytes.
    const etag = image.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]{32}-\d+\.webp"$/);
    const again = await get(`/api/images/${data.slides[0]!.image.ref}`, { 'If-None-Match': etag! });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect((await again.arrayBuffer()).byteLength).toBe(0);
    const other = await get(`/api/images/${data.slides[0]!.image.ref}`, {
      'If-None-Match': '"something-else"',
    });
    expect(other.status).toBe(200);
  });
});

describe("slides' image descriptions (alt texts)", () => {
  it('keeps what the creator wrote with each slide and sends it with the story; a story without any sends none', async () => {
    const id = await publish(system.baseUrl, {
      texts: ['The lanterns went out. Then rain.', 'Dawn.'],
      alts: ['  A hand closing over a lantern  ', ''],
    });
    expect((await published(id)).slides.map((slide) => slide.alt)).toEqual([
      'A hand closing over a lantern',
      undefined,
    ]);
    const plain = await publish(system.baseUrl, { texts: ['No description here.', 'None.'] });
    await system.settle();

    const story = (await (await get(`/api/stories/${id}`)).json()) as { alts?: string[] };
    expect(story.alts).toEqual(['A hand closing over a lantern', '']);
    // Older stories and stories without descriptions read as before: the reader falls back to the text.
    expect('alts' in ((await (await get(`/api/stories/${plain}`)).json()) as object)).toBe(false);
  });

  it('refuses (400, nothing stored) descriptions that are not one per slide, or one over 250 characters', async () => {
    const before = await system.infra.store.headPosition();
    const images = (await storedImages()).length;
    for (const [alts, detail] of [
      [['only one'], 'Send one alts field per slide (empty for none).'],
      [['x'.repeat(251), ''], 'Each image description can be at most 250 characters.'],
    ] as const) {
      const response = await postStory(system.baseUrl, { texts: ['One.', 'Two.'], alts: [...alts] });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { detail: string }).detail).toBe(detail);
    }
    expect(await system.infra.store.headPosition()).toBe(before);
    expect((await storedImages()).length).toBe(images);
  });
});

describe('image paths', () => {
  it('an image path that tries to leave the folder, or any unknown name, is 404', async () => {
    for (const path of [
      '/api/images/..%2F..%2Fetc%2Fpasswd',
      '/api/images/..%2Fx',
      '/api/images/%2e%2e%2fx',
      '/api/images/../x',
      '/api/images/..',
      `/api/images/${'a'.repeat(32)}`,
      `/api/images/preview-${'a'.repeat(32)}`,
      '/api/images/x.webp',
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).toContain('application/json');
    }
  });
});

describe('premium stories never leak to a viewer without access', () => {
  const firstText = 'One two three four five six seven eight nine ten SECRET-TAIL eleven twelve.';
  const secondText = 'SECRET-SECOND-SLIDE continues here.';
  let id: string;
  let data: EventData<'StoryPublished'>;

  beforeAll(async () => {
    id = await publish(system.baseUrl, { texts: [firstText, secondText], isPremium: true }, 42);
    data = await published(id);
    await system.settle();
  });

  const secrets = () => [...data.slides.map((s) => s.image.ref), 'SECRET-TAIL', 'SECRET-SECOND-SLIDE'];
  const expectNoSecret = (text: string, where: string) => {
    for (const secret of secrets()) expect(text, `${where} leaks ${secret}`).not.toContain(secret);
  };

  it('lists show the preview and the first 10 words only, to visitors and free users', async () => {
    for (const [who, headers] of [
      ['visitor', {}],
      ['free user', bearer(freeToken)],
    ] as const) {
      const body = await (await get('/api/stories', headers)).text();
      expectNoSecret(body, `list for ${who}`);
      const entry = (JSON.parse(body) as { id: string; images: string[]; texts: string[] }[]).find(
        (s) => s.id === id,
      )!;
      expect(entry.images).toEqual([data.preview.ref]);
      expect(entry.texts).toEqual(['One two three four five six seven eight nine ten']);
    }
  });

  it('a premium member who has not opened it sees its cover: the first image, signed, and the first 10 words', async () => {
    const body = await (await get('/api/stories', bearer(premiumToken))).text();
    const [first, ...rest] = data.slides.map((s) => s.image.ref);
    for (const secret of [...rest, 'SECRET-TAIL', 'SECRET-SECOND-SLIDE']) {
      expect(body, `list for a premium member leaks ${secret}`).not.toContain(secret);
    }
    const entry = (JSON.parse(body) as { id: string; images: string[]; texts: string[] }[]).find(
      (s) => s.id === id,
    )!;
    expect(entry.texts).toEqual(['One two three four five six seven eight nine ten']);
    expect(entry.images).toHaveLength(1);
    expect(entry.images[0]).toMatch(new RegExp(`^${first}\\.u`));
    expect((await get(`/api/images/${entry.images[0]}`)).status).toBe(200);
    // Still a cover only: the unlock has not been spent.
    const me = (await (await get('/api/auth/me', bearer(premiumToken))).json()) as {
      premium_stories_remaining: number;
    };
    expect(me.premium_stories_remaining).toBe(30);
  });

  it('the story itself refuses them, and no image route serves an original', async () => {
    for (const headers of [{}, bearer(freeToken)]) {
      const response = await get(`/api/stories/${id}`, headers);
      expect([401, 402]).toContain(response.status);
      expectNoSecret(await response.text(), 'story answer');
    }
    for (const slide of data.slides) {
      for (const query of ['', '?w=480', '?w=960', '?w=1440', '?w=1']) {
        expect((await get(`/api/images/${slide.image.ref}${query}`)).status).toBe(404);
      }
      // A made-up signature, and a signature of someone else's reference, are refused.
      const forged = `${slide.image.ref}.u${'A'.repeat(22)}.${(Math.floor(Date.now() / 1000) + 600).toString(36)}.${'A'.repeat(22)}`;
      expect((await get(`/api/images/${forged}`)).status).toBe(404);
    }
    // Its preview is anyone's, yet a premium story's: no shared cache keeps it.
    const preview = await get(`/api/images/${data.preview.ref}`);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('cache-control')).toBe('private, max-age=300, must-revalidate');
  });

  it('an entitled reader gets signed references that work, are private and cannot be altered', async () => {
    const response = await get(`/api/stories/${id}`, bearer(premiumToken));
    expect(response.status).toBe(200);
    const story = (await response.json()) as { images: string[]; texts: string[] };
    expect(story.texts).toEqual([firstText, secondText]);
    const [signed] = story.images;
    expect(signed).toMatch(new RegExp(`^${data.slides[0]!.image.ref}\\.u`));
    const image = await get(`/api/images/${signed}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('cache-control')).toMatch(/^private, max-age=\d+, must-revalidate$/);
    const parts = signed!.split('.');
    const otherUser = [parts[0], `u${'_'.repeat(22)}`, parts[2], parts[3]].join('.');
    expect((await get(`/api/images/${otherUser}`)).status).toBe(404);
    const otherRef = [data.slides[1]!.image.ref, parts[1], parts[2], parts[3]].join('.');
    expect((await get(`/api/images/${otherRef}`)).status).toBe(404);

    // Having unlocked it, the premium member's list shows it in full, with signed images.
    await system.settle();
    const list = (await (await get('/api/stories', bearer(premiumToken))).json()) as {
      id: string;
      images: string[];
      texts: string[];
    }[];
    const entry = list.find((s) => s.id === id)!;
    expect(entry.texts).toEqual([firstText, secondText]);
    expect(entry.images[0]).toMatch(/^[0-9a-f]{32}\.u/);
  });

  it('the admin sees every story in full, with its slide count', async () => {
    const list = (await (await get('/api/stories', adminHeaders)).json()) as {
      id: string;
      slides: number;
      texts: string[];
    }[];
    const entry = list.find((s) => s.id === id)!;
    expect(entry.slides).toBe(2);
    expect(entry.texts).toEqual([firstText, secondText]);
    expect(list.every((s) => typeof s.slides === 'number')).toBe(true);
    expect((await get(`/api/stories/${id}`, adminHeaders)).status).toBe(200);
  });
});

describe('likes, views and deletion', () => {
  it('1,000 concurrent likes give exactly 1,000', async () => {
    const id = await publish(system.baseUrl, { texts: ['Like me.', 'Please.'] }, 55);
    // 1,000 likes with 250 in flight at any moment (more open sockets than that overflow the
    // listen backlog of one test server, which tests the OS, not the like count).
    const answers: number[] = [];
    let sent = 0;
    const worker = async () => {
      while (sent < 1000) {
        sent += 1;
        const response = await fetch(`${system.baseUrl}/api/stories/${id}/like`, { method: 'POST' });
        expect(response.status).toBe(200);
        answers.push(((await response.json()) as { likes: number }).likes);
      }
    };
    await Promise.all(Array.from({ length: 250 }, worker));
    expect(answers).toHaveLength(1000);
    expect(new Set(answers).size).toBe(1000);
    expect(Math.max(...answers)).toBe(1000);
    await system.settle();
    const story = (await (await get(`/api/stories/${id}`)).json()) as { likes: number };
    expect(story.likes).toBe(1000);
    const list = (await (await get('/api/stories')).json()) as { id: string; likes: number }[];
    expect(list.find((s) => s.id === id)?.likes).toBe(1000);
  });

  it('a view answers 204 and counts; an unknown story is 404', async () => {
    const id = await publish(system.baseUrl, { texts: ['View me.', 'Now.'] }, 56);
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${system.baseUrl}/api/stories/${id}/view`, { method: 'POST' });
      expect(response.status).toBe(204);
      expect(Number(response.headers.get('x-event-position'))).toBeGreaterThan(0);
    }
    await system.settle();
    expect(((await (await get(`/api/stories/${id}`)).json()) as { views: number }).views).toBe(3);
    expect((await fetch(`${system.baseUrl}/api/stories/nope/view`, { method: 'POST' })).status).toBe(404);
  });

  it('only the admin deletes; then the story leaves every list, its page is 404 and its images stop', async () => {
    const id = await publish(system.baseUrl, { texts: ['Delete me.', 'Soon.'] }, 57);
    const data = await published(id);
    await system.settle();
    expect((await get(`/api/images/${data.slides[0]!.image.ref}`)).status).toBe(200);
    // Liked before: the server keeps the story as live, and the like after the deletion is
    // refused by the guard of its append, not by a fresh read.
    expect((await fetch(`${system.baseUrl}/api/stories/${id}/like`, { method: 'POST' })).status).toBe(200);

    expect((await fetch(`${system.baseUrl}/api/stories/${id}`, { method: 'DELETE' })).status).toBe(401);
    expect(
      (await fetch(`${system.baseUrl}/api/stories/${id}`, { method: 'DELETE', headers: bearer(freeToken) }))
        .status,
    ).toBe(401);
    const deleted = await fetch(`${system.baseUrl}/api/stories/${id}`, {
      method: 'DELETE',
      headers: adminHeaders,
    });
    expect(deleted.status).toBe(200);
    await system.settle();

    for (const headers of [{}, adminHeaders, bearer(premiumToken)]) {
      const list = (await (await get('/api/stories', headers)).json()) as { id: string }[];
      expect(list.some((s) => s.id === id)).toBe(false);
    }
    const page = await get(`/api/stories/${id}`);
    expect(page.status).toBe(404);
    expect(await page.json()).toEqual({ detail: 'Story not found' });
    expect((await get(`/api/images/${data.slides[0]!.image.ref}`)).status).toBe(404);
    expect((await get(`/api/images/${data.preview.ref}`)).status).toBe(404);
    expect((await fetch(`${system.baseUrl}/api/stories/${id}/like`, { method: 'POST' })).status).toBe(404);
    expect(await system.infra.store.readStream(streams.storyLikes(id))).toHaveLength(1);
    const again = await fetch(`${system.baseUrl}/api/stories/${id}`, {
      method: 'DELETE',
      headers: adminHeaders,
    });
    expect(again.status).toBe(404);
  });
});

describe('publishing and invite codes are rate limited', () => {
  const json = { 'content-type': 'application/json' };
  const attempt = (headers: Record<string, string>) =>
    fetch(`${system.baseUrl}/api/stories`, { method: 'POST', headers: { ...json, ...headers }, body: '{}' });

  it('10 publishes a minute per client, and per account from whatever addresses', async () => {
    const client = { 'X-Forwarded-For': '10.78.0.1' };
    // Refused for their body (415) after the limit has counted them.
    for (let i = 0; i < 10; i++) expect((await attempt({ ...client, ...adminHeaders })).status).toBe(415);
    expect((await attempt({ ...client, ...adminHeaders })).status).toBe(429);

    const token = await verifiedUser(system.baseUrl, `publisher-${Date.now()}@nocturne.test`);
    for (let i = 0; i < 10; i++) {
      expect((await attempt({ 'X-Forwarded-For': `10.78.1.${i}`, ...bearer(token) })).status).toBe(415);
    }
    const refused = await attempt({ 'X-Forwarded-For': '10.78.1.99', ...bearer(token) });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('X-Invite-Code attempts share the invite check budget (20 a minute per client)', async () => {
    const client = { 'X-Forwarded-For': '10.78.2.1' };
    const check = () =>
      fetch(`${system.baseUrl}/api/invites/check`, {
        method: 'POST',
        headers: { ...json, ...client },
        body: JSON.stringify({ code: 'not-a-code' }),
      });
    for (let i = 0; i < 19; i++) expect((await check()).status).toBe(200);
    expect((await attempt({ ...client, 'X-Invite-Code': 'guess' })).status).toBe(401);
    expect((await attempt({ ...client, 'X-Invite-Code': 'velvetnight' })).status).toBe(429);
    expect((await check()).status).toBe(429);
  });
});
