import { streams } from '@nocturne/events';
import { given, storyPublished } from '@nocturne/events/testing';
import { adminHeaders, postStory, verifiedUser } from '@nocturne/test-kit/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCommandApi, type TestCommandApi } from '../testing/test-command-api';
import { IDEMPOTENCY_KEY_INVALID } from './context';

/**
 * An answer can be lost after the command was stored (a timeout, a dropped connection, a 503 that
 * could not say whether it was saved). A client that sends the same action again with the same
 * Idempotency-Key gets the first answer again, and nothing more is stored: the command's event
 * ids are derived from the key and the stream, and an action the stream already holds is
 * answered from its events. Without the header every request is a new action.
 */
let api: TestCommandApi;
let storyId: string;

beforeAll(async () => {
  api = await startTestCommandApi({ exposeVerificationToken: true });
  const story = storyPublished({ isPremium: false });
  storyId = story.data.storyId;
  await given(api.ports.store, streams.story(storyId), [story], 'no_stream');
});
afterAll(async () => {
  await api?.stop();
});

interface Sent {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
}

let clients = 0;
async function send({ method, path, headers = {}, body }: Sent, key?: string) {
  const response = await fetch(`${api.baseUrl}${path}`, {
    method,
    headers: {
      'X-Forwarded-For': `10.55.0.${++clients % 250}`,
      ...(body !== undefined && { 'Content-Type': 'application/json' }),
      ...(key !== undefined && { 'Idempotency-Key': key }),
      ...headers,
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return {
    status: response.status,
    position: response.headers.get('x-event-position'),
    body: await response.text(),
  };
}

const head = () => api.ports.store.headPosition();

describe('Idempotency-Key', () => {
  it('a retried action is answered like the first and appends nothing: like (fast path and route), view, signup, waitlist', async () => {
    const email = `idem-${Date.now()}@example.com`;
    const actions: Sent[] = [
      { method: 'POST', path: `/api/stories/${storyId}/like` },
      { method: 'POST', path: `/api/stories/${storyId}/like`, body: {} },
      { method: 'POST', path: `/api/stories/${storyId}/view` },
      {
        method: 'POST',
        path: '/api/auth/signup',
        body: { email, password: 'idem-pass-1', age_confirmed: true },
      },
      { method: 'POST', path: '/api/waitlist', body: { email: `wait-${email}` } },
    ];
    for (const [i, action] of actions.entries()) {
      const key = `action-${i}-${Date.now()}`;
      const first = await send(action, key);
      expect(first.status, `${action.path}: ${first.body}`).toBeLessThan(300);
      expect(first.position, action.path).not.toBeNull();
      const after = await head();
      const again = await send(action, key);
      expect(again, action.path).toEqual(first);
      expect(await head(), `${action.path} appended again`).toBe(after);
    }
  });

  it('a retried publish is the same story, stored once', async () => {
    const key = `publish-${Date.now()}`;
    const headers = { ...adminHeaders, 'Idempotency-Key': key };
    const first = await postStory(api.baseUrl, { texts: ['one', 'two'] }, headers, 61);
    expect(first.status).toBe(201);
    const after = await head();
    const again = await postStory(api.baseUrl, { texts: ['one', 'two'] }, headers, 61);
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual(await first.json());
    expect(again.headers.get('x-event-position')).toBe(first.headers.get('x-event-position'));
    expect(await head()).toBe(after);
  }, 30_000);

  it('a retried command of a signed-in reader is answered like the first (progress)', async () => {
    const token = await verifiedUser(api.baseUrl, `reader-${Date.now()}@example.com`);
    const progress: Sent = {
      method: 'PUT',
      path: `/api/stories/${storyId}/progress`,
      headers: { Authorization: `Bearer ${token}` },
      body: { slide: 1 },
    };
    const first = await send(progress, 'progress-1');
    expect(first.status, first.body).toBe(200);
    const after = await head();
    expect(await send(progress, 'progress-1')).toEqual(first);
    expect(await head()).toBe(after);
  });

  it('the same key sent with another request is another action, answered for what it asks (a kept key once answered with the earlier outcome)', async () => {
    const token = await verifiedUser(api.baseUrl, `kept-key-${Date.now()}@example.com`);
    const progress = (slide: number, body: Record<string, unknown> = { slide }): Sent => ({
      method: 'PUT',
      path: `/api/stories/${storyId}/progress`,
      headers: { Authorization: `Bearer ${token}` },
      body,
    });
    const first = await send(progress(1), 'kept-key');
    expect(first.status, first.body).toBe(200);
    const second = await send(progress(0), 'kept-key');
    expect(second.status, second.body).toBe(200);
    expect(Number(second.position)).toBeGreaterThan(Number(first.position));
    expect(JSON.parse(second.body)).not.toEqual(JSON.parse(first.body));
    // The same request again, its keys in another order, is still the retry of the second.
    const after = await head();
    expect(await send(progress(0, { slide: 0 }), 'kept-key')).toEqual(second);
    expect(await head()).toBe(after);
  });

  it('without a key, or with another, the same request is a new action', async () => {
    const like: Sent = { method: 'POST', path: `/api/stories/${storyId}/like` };
    const a = await send(like);
    const b = await send(like);
    const c = await send(like, 'one');
    const d = await send(like, 'two');
    const counts = [a, b, c, d].map((answer) => (JSON.parse(answer.body) as { likes: number }).likes);
    expect(counts).toEqual([counts[0], counts[0]! + 1, counts[0]! + 2, counts[0]! + 3]);
  });

  it('a malformed key is a 400 that appends nothing, on the fast path too', async () => {
    const before = await head();
    for (const key of [' ', 'a b', 'x'.repeat(201), 'é']) {
      for (const action of [
        { method: 'POST', path: `/api/stories/${storyId}/like` },
        { method: 'POST', path: '/api/waitlist', body: { email: 'bad-key@example.com' } },
      ]) {
        const answer = await send(action, key);
        expect([answer.status, answer.body], JSON.stringify(key)).toEqual([
          400,
          JSON.stringify({ detail: IDEMPOTENCY_KEY_INVALID }),
        ]);
      }
    }
    expect(await head()).toBe(before);
  });
});
