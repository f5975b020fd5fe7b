import { streams } from '@nocturne/events';
import { given, storyPublished } from '@nocturne/events/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from './raw-http';
import { startTestSystem, type TestSystem } from './test-system';

/**
 * Likes in the server's hot lane (the hot answer of command-api/src/stories/like-story.ts): a plain like is answered
 * before Fastify, exactly as the route answers it; whatever the lane does not take goes to the
 * route. Which way a like went is in its event: the lane's causation ids are `request:lane-…`,
 * Fastify's `request:req-…`.
 */
let system: TestSystem;

beforeAll(async () => {
  system = await startTestSystem();
});
afterAll(async () => {
  await system?.stop();
});

async function publish(): Promise<string> {
  const event = storyPublished({ isPremium: false });
  await given(system.infra.store, streams.story(event.data.storyId), [event], 'no_stream');
  return event.data.storyId;
}

/** A POST exactly as given (no body unless `body`): status, answer headers, parsed body. */
async function rawPost(path: string, headers: Record<string, string> = {}, body?: string) {
  const answer = await rawRequest(`${system.baseUrl}${path}`, {
    method: 'POST',
    headers,
    ...(body !== undefined && { body }),
  });
  return { ...answer, body: JSON.parse(answer.body.toString() || 'null') as unknown };
}

/** The route's way: a body (even an empty JSON object) is Fastify's to parse. */
const throughRoute = [{ 'Content-Type': 'application/json' }, '{}'] as const;

/** The causation ids of a story's likes, oldest first. */
async function likeCausations(id: string): Promise<string[]> {
  const likes = await system.infra.store.readStream(streams.storyLikes(id));
  return likes.map((e) => (e.metadata as { causationId: string }).causationId);
}

describe('likes in the hot lane', () => {
  it('answers a plain like as the route does: status, headers, count and position', async () => {
    const id = await publish();
    const lane = await rawPost(`/api/stories/${id}/like`);
    const route = await rawPost(`/api/stories/${id}/like`, ...throughRoute);
    expect([lane.status, lane.body, route.status, route.body]).toEqual([
      200,
      { likes: 1 },
      200,
      { likes: 2 },
    ]);
    const { 'x-event-position': lanePosition, ...laneHeaders } = lane.headers;
    const { 'x-event-position': routePosition, ...routeHeaders } = route.headers;
    expect(laneHeaders).toEqual(routeHeaders);
    expect(Number(routePosition)).toBe(Number(lanePosition) + 1);
    const causations = await likeCausations(id);
    expect(causations).toHaveLength(2);
    expect(causations[0]).toMatch(/^request:lane-/);
    expect(causations[1]).toMatch(/^request:req-/);
  });

  it("refuses a story that is not live with the route's own 404", async () => {
    const unknown = storyPublished().data.storyId;
    const deleted = await publish();
    await given(system.infra.store, streams.story(deleted), [
      { type: 'StoryDeleted', data: { storyId: deleted } },
    ]);
    for (const id of [unknown, deleted]) {
      const lane = await rawPost(`/api/stories/${id}/like`);
      const route = await rawPost(`/api/stories/${id}/like`, ...throughRoute);
      expect(lane).toEqual(route);
      expect([lane.status, lane.body]).toEqual([404, { detail: 'Story not found' }]);
    }
    expect(await likeCausations(deleted)).toEqual([]);
  });

  it('leaves to the route what it does not take: a query string, X-Admin-Code, an id no story has', async () => {
    const id = await publish();
    expect((await rawPost(`/api/stories/${id}/like?from=test`)).status).toBe(200);
    expect((await rawPost(`/api/stories/${id}/like`, { 'X-Admin-Code': 'wrong' })).status).toBe(401);
    expect(await likeCausations(id)).toEqual([expect.stringMatching(/^request:req-/)]);
    const bad = await rawPost('/api/stories/no%20such%20id/like');
    expect([bad.status, bad.body]).toEqual([404, { detail: 'Story not found' }]);
  });
});
