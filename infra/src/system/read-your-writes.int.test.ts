import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { streams } from '@nocturne/events';
import { given, storyPublished } from '@nocturne/events/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { committedDocumentPath } from '../openapi/committed-document';
import { OPENAPI_PATH } from '../openapi/openapi-route';
import { startTestSystem, type TestSystem } from './test-system';

let system: TestSystem;

beforeAll(async () => {
  system = await startTestSystem();
});
afterAll(async () => {
  await system?.stop();
});

async function givenPublishedStory(): Promise<string> {
  const event = storyPublished();
  await given(system.infra.store, streams.story(event.data.storyId), [event], 'no_stream');
  return event.data.storyId;
}

describe('read-your-writes', () => {
  it('a query sent right after a command with its position always sees the command', async () => {
    const storyId = await givenPublishedStory();
    for (let n = 1; n <= 25; n++) {
      const like = await fetch(`${system.baseUrl}/api/stories/${storyId}/like`, { method: 'POST' });
      expect(like.status).toBe(200);
      expect(await like.json()).toEqual({ likes: n });
      const position = like.headers.get('x-event-position');
      expect(Number(position)).toBeGreaterThan(0);

      const list = await fetch(`${system.baseUrl}/api/stories`, { headers: { 'X-Min-Position': position! } });
      const story = ((await list.json()) as { id: string; likes: number }[]).find((s) => s.id === storyId);
      expect(story?.likes).toBe(n);
    }
  });

  it('a position beyond the head of the event log is a 400 with a detail at once, never a wait', async () => {
    const head = await system.infra.store.headPosition();
    const started = Date.now();
    const response = await fetch(`${system.baseUrl}/api/stories`, {
      headers: { 'X-Min-Position': String(head + 1000) },
    });
    expect(response.status).toBe(400);
    expect(Number(response.headers.get('x-event-log-head'))).toBe(head);
    expect(((await response.json()) as { detail: string }).detail).toMatch(/beyond the event log's head/);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('a wait that times out (a stuck projector) is a 503 with Retry-After and a detail, never a stale answer', async () => {
    await system.projector.stop();
    try {
      await givenPublishedStory();
      const head = await system.infra.store.headPosition();
      const started = Date.now();
      const response = await fetch(`${system.baseUrl}/api/stories`, {
        headers: { 'X-Min-Position': String(head) },
      });
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(Number(response.headers.get('x-projected-position'))).toBeLessThan(head);
      expect(((await response.json()) as { detail: string }).detail).toMatch(/have not reached position/);
      const waited = Date.now() - started;
      expect(waited).toBeGreaterThanOrEqual(1900);
      expect(waited).toBeLessThan(5000);
    } finally {
      system.projector.start();
      await system.settle();
    }
  });

  it('every query answer says which position it was read at (X-Projected-Position)', async () => {
    await system.settle();
    const head = await system.infra.store.headPosition();
    for (const path of ['/api/stories', '/api/site']) {
      const response = await fetch(`${system.baseUrl}${path}`, {
        headers: { 'X-Min-Position': String(head) },
      });
      expect(response.status).toBe(200);
      expect(Number(response.headers.get('x-projected-position'))).toBe(head);
    }
    const malformed = await fetch(`${system.baseUrl}/api/stories`, { headers: { 'X-Min-Position': 'soon' } });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { detail: string }).detail).toMatch(/X-Min-Position/);
  });

  it('every query route of the API waits for X-Min-Position: a position beyond the head is its 400', async () => {
    // A read that a command changes must honour the client's position; one that skipped the
    // wait would answer a position beyond the log's head as if it were fresh.
    const document = JSON.parse(readFileSync(committedDocumentPath, 'utf8')) as {
      paths: Record<string, Record<string, unknown>>;
    };
    // The API document itself is the build's, the same at every position of the log.
    const queries = Object.entries(document.paths)
      .filter(([path, operations]) => 'get' in operations && path !== OPENAPI_PATH)
      .map(([path]) => path.replace(/\{[^}]+\}/g, 'x'));
    expect(queries).toContain('/api/me/notifications');
    expect(queries.length).toBeGreaterThan(30);
    const head = await system.infra.store.headPosition();
    for (const path of queries) {
      const response = await fetch(`${system.baseUrl}${path}`, {
        headers: { 'X-Min-Position': String(head + 1000) },
      });
      expect(response.status, path).toBe(400);
      expect(Number(response.headers.get('x-event-log-head')), path).toBeGreaterThanOrEqual(head);
    }
  });

  it('refuses a header that is not an event position with a 400 and a detail, without waiting', async () => {
    for (const value of ['0x10', '1e3', '-1', '1.5', 'abc', '99999999999999999999']) {
      const started = Date.now();
      const response = await fetch(`${system.baseUrl}/api/stories`, { headers: { 'X-Min-Position': value } });
      expect(response.status, value).toBe(400);
      expect(await response.json()).toEqual({ detail: expect.stringMatching(/X-Min-Position/) });
      expect(Date.now() - started).toBeLessThan(1900);
    }
  });

  it('without the header a query answers from the read models as they are: it may lag and does not wait', async () => {
    // Hold the projector, so the read side lags behind the log for certain.
    await system.projector.stop();
    try {
      const storyId = await givenPublishedStory();
      const listed = async (headers: Record<string, string> = {}) => {
        const response = await fetch(`${system.baseUrl}/api/stories`, { headers });
        expect(response.status).toBe(200);
        return ((await response.json()) as { id: string }[]).some((s) => s.id === storyId);
      };
      const started = Date.now();
      expect(await listed()).toBe(false);
      // No header, no wait: less than the 1.9 s at least that the same query waits with the header.
      expect(Date.now() - started).toBeLessThan(1900);
      await system.settle();
      // Still no promise of freshness without the header: the cached list follows the
      // "projected up to P" notification within moments.
      await expect.poll(() => listed(), { timeout: 3000 }).toBe(true);
    } finally {
      system.projector.start();
    }
  });

  it('a like of an unknown story is a 404 {detail} and appends nothing', async () => {
    const before = await system.infra.store.headPosition();
    const response = await fetch(`${system.baseUrl}/api/stories/${randomUUID()}/like`, { method: 'POST' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ detail: 'Story not found' });
    expect(await system.infra.store.headPosition()).toBe(before);
  });

  it('an unknown /api path is a 404 {detail}', async () => {
    const response = await fetch(`${system.baseUrl}/api/nothing-here`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { detail: string }).detail).toMatch(/No such endpoint/);
  });
});
