import { randomUUID } from 'node:crypto';
import { encodeEvent, streams } from '@nocturne/events';
import { storyPublished } from '@nocturne/events/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSystem, type TestSystem } from '../../system/test-system';
import type { ReadinessReport } from './readiness';

let system: TestSystem;
const errors: string[] = [];

beforeAll(async () => {
  system = await startTestSystem({}, { logError: (line) => errors.push(line) });
});
afterAll(async () => {
  await system?.stop();
});

const readyz = async () => {
  const response = await fetch(`${system.baseUrl}/readyz`);
  return { status: response.status, body: (await response.json()) as ReadinessReport };
};

/** A story event as an older, buggier writer might have stored it: no slides. */
async function appendPoison(): Promise<number> {
  const storyId = randomUUID();
  const ctx = { correlationId: 't', causationId: 't', actor: { kind: 'system' as const } };
  const encoded = encodeEvent(storyPublished({ storyId }), ctx);
  const { position } = await system.infra.store.append(
    streams.story(storyId),
    [{ ...encoded, data: { storyId, isPremium: false } }],
    'no_stream',
  );
  return position;
}

describe('health and readiness (one process)', () => {
  it('is live and ready on a fresh system', async () => {
    const live = await fetch(`${system.baseUrl}/healthz`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok' });
    await system.settle();
    const { status, body } = await readyz();
    expect(status).toBe(200);
    expect(body).toMatchObject({ ready: true, problems: [], database: 'ok' });
    expect(body.projections.map((p) => p.name)).toContain('stories');
    expect(body.projections.every((p) => p.state === 'running')).toBe(true);
  });

  it('a poison event stops the projections that read it, each with an error line; the others go on; /readyz names them', async () => {
    const poison = await appendPoison();
    // Then an account: the users projection must get past the poison.
    const signup = await fetch(`${system.baseUrl}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `after-${randomUUID()}@nocturne.test`,
        password: 'a-long-password-1',
        age_confirmed: true,
      }),
    });
    expect(signup.status).toBeLessThan(300);
    const after = await system.infra.store.headPosition();
    await system.settle();

    // Four projections read StoryPublished: the creators' notifications, the drafts (a published
    // draft leaves them), the story cards and the search documents.
    expect([...errors].sort()).toEqual([
      `projection creators stopped at position ${poison}: cannot apply StoryPublished (ZodError); the other projections go on`,
      `projection drafts stopped at position ${poison}: cannot apply StoryPublished (ZodError); the other projections go on`,
      `projection stories stopped at position ${poison}: cannot apply StoryPublished (ZodError); the other projections go on`,
      `projection story-search stopped at position ${poison}: cannot apply StoryPublished (ZodError); the other projections go on`,
    ]);
    const { status, body } = await readyz();
    expect(status).toBe(503);
    expect(body.ready).toBe(false);
    expect([...body.problems].sort()).toEqual([
      `projection creators stopped at position ${poison}: cannot apply StoryPublished (ZodError)`,
      `projection drafts stopped at position ${poison}: cannot apply StoryPublished (ZodError)`,
      `projection stories stopped at position ${poison}: cannot apply StoryPublished (ZodError)`,
      `projection story-search stopped at position ${poison}: cannot apply StoryPublished (ZodError)`,
    ]);
    const byName = Object.fromEntries(body.projections.map((p) => [p.name, p]));
    expect(byName.stories).toMatchObject({
      state: 'stopped',
      position: poison - 1,
      stoppedAt: { position: poison, eventType: 'StoryPublished', reason: 'ZodError' },
    });
    expect(byName['story-search']).toMatchObject({ state: 'stopped', position: poison - 1 });
    expect(byName.users).toMatchObject({ state: 'running', position: after });
    // Liveness is not readiness: the process serves.
    expect((await fetch(`${system.baseUrl}/healthz`)).status).toBe(200);
  });
});
