import { type EventData, streams } from '@nocturne/events';
import {
  adminToken,
  apiCall,
  bearer,
  createVerifiedUser,
  grantPremium,
  postStory,
  publish,
} from '@nocturne/test-kit/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSystem, TEST_ADMIN_PASSWORD, type TestSystem } from './test-system';

let system: TestSystem;
let admin: string;

beforeAll(async () => {
  system = await startTestSystem();
  admin = await adminToken(system.baseUrl, TEST_ADMIN_PASSWORD);
}, 120_000);

afterAll(async () => {
  await system?.stop();
});

const SHARED = 'public, max-age=300, must-revalidate';
const PRIVATE = 'private, max-age=300, must-revalidate';

/** An image as a browser or a CDN asks for it, read at `after` (X-Min-Position) when given. */
async function image(name: string, headers: Record<string, string> = {}, after?: string | null) {
  const response = await fetch(`${system.baseUrl}/api/images/${name}`, {
    headers: { ...headers, ...(after ? { 'x-min-position': after } : {}) },
  });
  await response.arrayBuffer();
  return {
    status: response.status,
    cacheControl: response.headers.get('cache-control'),
    etag: response.headers.get('etag'),
  };
}

/** The slide and preview references of a story, as its StoryPublished recorded them. */
async function refsOf(id: string): Promise<{ slide: string; preview: string }> {
  const [event] = await system.infra.store.readStream(streams.story(id));
  const data = event!.data as EventData<'StoryPublished'>;
  return { slide: data.slides[0]!.image.ref, preview: data.preview.ref };
}

describe('image caching and takedowns', () => {
  it('a free story: shared caches keep its images minutes, revalidated; a hide makes them 404 at once, a restore brings them back', async () => {
    const id = await publish(system.baseUrl, { texts: ['A lantern', 'A lake'] }, 31);
    await system.settle();
    const { slide, preview } = await refsOf(id);

    const before = await image(slide);
    expect(before).toMatchObject({ status: 200, cacheControl: SHARED });
    expect(await image(preview)).toMatchObject({ status: 200, cacheControl: SHARED });
    // Within the window a cache revalidates cheaply while the story stays live.
    expect((await image(slide, { 'if-none-match': before.etag! })).status).toBe(304);

    const hidden = await apiCall(system.baseUrl, 'POST', `/api/admin/stories/${id}/hide`, {
      admin,
      body: { reason: 'Shows a person who looks under 18' },
    });
    expect(hidden.status).toBe(200);
    // Read at the hide's position: not one answer later, and a cache's revalidation is no 304.
    expect((await image(slide, {}, hidden.position)).status).toBe(404);
    expect((await image(preview, {}, hidden.position)).status).toBe(404);
    expect((await image(slide, { 'if-none-match': before.etag! }, hidden.position)).status).toBe(404);

    const restored = await apiCall(system.baseUrl, 'POST', `/api/admin/stories/${id}/restore`, {
      admin,
      body: { reason: 'Reviewed: every character is an adult' },
    });
    expect(restored.status).toBe(200);
    expect(await image(slide, {}, restored.position)).toMatchObject({ status: 200, cacheControl: SHARED });
  });

  it("a premium story's preview, an Explicit story's images and a story with content warnings are never stored by shared caches", async () => {
    const premium = await publish(system.baseUrl, { texts: ['Velvet', 'Dawn'], isPremium: true }, 32);
    const warned = await publish(system.baseUrl, { texts: ['A duel', 'Blood'], warnings: ['violence'] }, 33);
    const explicit = await publish(system.baseUrl, { texts: ['Silk', 'Skin'], rating: 'explicit' }, 36);
    await system.settle();
    const explicitRefs = await refsOf(explicit);
    expect(await image(explicitRefs.slide)).toMatchObject({ status: 200, cacheControl: PRIVATE });
    expect(await image(explicitRefs.preview)).toMatchObject({ status: 200, cacheControl: PRIVATE });

    expect(await image((await refsOf(premium)).preview)).toMatchObject({
      status: 200,
      cacheControl: PRIVATE,
    });
    const warnedRefs = await refsOf(warned);
    expect(await image(warnedRefs.slide)).toMatchObject({ status: 200, cacheControl: PRIVATE });
    expect(await image(warnedRefs.preview)).toMatchObject({ status: 200, cacheControl: PRIVATE });

    // A premium member's signed references: private, and no longer than the window either.
    const member = await createVerifiedUser(system.baseUrl, { prefix: 'cache-premium' });
    await grantPremium(system.baseUrl, member.email);
    await system.settle();
    const story = await apiCall(system.baseUrl, 'GET', `/api/stories/${premium}`, { token: member.token });
    expect(story.status).toBe(200);
    const signed = (story.body as { images: string[] }).images[0]!;
    expect(signed).toContain('.');
    expect(await image(signed)).toMatchObject({ status: 200, cacheControl: PRIVATE });
  });

  it("a deleted story's images and an unpublished story's images answer 404 at once", async () => {
    const deleted = await publish(system.baseUrl, { texts: ['Ash', 'Ember'] }, 34);
    const member = await createVerifiedUser(system.baseUrl, { prefix: 'cache-creator' });
    const posted = await postStory(
      system.baseUrl,
      { texts: ['Moth', 'Flame'], penName: `Moth ${member.email.slice(0, 6)}` },
      bearer(member.token),
      35,
    );
    expect(posted.status).toBe(201);
    const unpublished = ((await posted.json()) as { id: string }).id;
    await system.settle();
    const deletedRefs = await refsOf(deleted);
    const unpublishedRefs = await refsOf(unpublished);
    expect((await image(deletedRefs.slide)).status).toBe(200);
    expect((await image(unpublishedRefs.slide)).status).toBe(200);

    const deletion = await apiCall(system.baseUrl, 'DELETE', `/api/stories/${deleted}`, { admin });
    expect(deletion.status).toBe(200);
    expect((await image(deletedRefs.slide, {}, deletion.position)).status).toBe(404);
    expect((await image(deletedRefs.preview, {}, deletion.position)).status).toBe(404);

    const unpublishing = await apiCall(system.baseUrl, 'POST', `/api/stories/${unpublished}/unpublish`, {
      token: member.token,
    });
    expect(unpublishing.status).toBe(200);
    expect((await image(unpublishedRefs.slide, {}, unpublishing.position)).status).toBe(404);
    expect((await image(unpublishedRefs.preview, {}, unpublishing.position)).status).toBe(404);
  });
});
