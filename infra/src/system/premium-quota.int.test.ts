import { storyMessages } from '@nocturne/domain';
import { streams } from '@nocturne/events';
import { bearer, grantPremium, publish, verifiedUser } from '@nocturne/test-kit/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSystem, type TestSystem } from './test-system';

let system: TestSystem;
let storyIds: string[];
let premiumToken: string;
let userKey: string;

beforeAll(async () => {
  system = await startTestSystem();
  storyIds = [];
  for (let i = 0; i < 40; i++) {
    storyIds.push(
      await publish(system.baseUrl, { texts: [`Premium ${i}. Opening.`, 'Second.'], isPremium: true }, i),
    );
  }
  premiumToken = await verifiedUser(system.baseUrl, 'reader@nocturne.test');
  userKey = premiumToken.split('.')[0]!;
  await grantPremium(system.baseUrl, 'reader@nocturne.test');
  await system.settle();
}, 180_000);

afterAll(async () => {
  await system?.stop();
});

const open = (id: string, token?: string) =>
  fetch(`${system.baseUrl}/api/stories/${id}`, { headers: token ? bearer(token) : {} });

const unlockEvents = async () =>
  (await system.infra.store.readStream(streams.user(userKey))).filter(
    (e) => e.type === 'PremiumStoryUnlocked',
  );

async function remaining(token: string): Promise<number> {
  await system.settle();
  const me = await fetch(`${system.baseUrl}/api/auth/me`, { headers: bearer(token) });
  return ((await me.json()) as { premium_stories_remaining: number }).premium_stories_remaining;
}

describe('the premium quota under concurrency', () => {
  it('100 concurrent opens of 40 premium stories with 30 left: exactly 30 unlocked, the rest 402', async () => {
    expect(await remaining(premiumToken)).toBe(30);
    const requests = Array.from({ length: 100 }, (_, i) => storyIds[i % 40]!);
    const answers = await Promise.all(
      requests.map(async (id) => {
        const response = await open(id, premiumToken);
        return {
          id,
          status: response.status,
          body: (await response.json()) as { detail?: string; id?: string },
        };
      }),
    );
    const statuses = new Set(answers.map((a) => a.status));
    expect([...statuses].sort()).toEqual([200, 402]);
    const unlocked = new Set(answers.filter((a) => a.status === 200).map((a) => a.id));
    expect(unlocked.size).toBe(30);
    for (const a of answers.filter((x) => x.status === 402)) {
      expect(a.body.detail).toBe(storyMessages.noneRemaining);
      expect(unlocked.has(a.id)).toBe(false);
    }
    const events = await unlockEvents();
    expect(events).toHaveLength(30);
    expect(new Set(events.map((e) => (e.data as { storyId: string }).storyId))).toEqual(unlocked);
    expect(await remaining(premiumToken)).toBe(0);

    // Re-opening an unlocked story is free: 200, no new event, still 0 (never negative).
    const again = await open([...unlocked][0]!, premiumToken);
    expect(again.status).toBe(200);
    expect(again.headers.get('x-event-position')).toBeNull();
    expect(await unlockEvents()).toHaveLength(30);
    expect(await remaining(premiumToken)).toBe(0);

    // A story never unlocked stays closed.
    const closed = storyIds.find((id) => !unlocked.has(id))!;
    expect((await open(closed, premiumToken)).status).toBe(402);
  });

  it('refuses a visitor with 401 and a user without premium with 402', async () => {
    const visitor = await open(storyIds[0]!);
    expect(visitor.status).toBe(401);
    expect(await visitor.json()).toEqual({ detail: 'Login required for premium stories' });

    const freeToken = await verifiedUser(system.baseUrl, 'free@nocturne.test');
    await system.settle();
    const free = await open(storyIds[0]!, freeToken);
    expect(free.status).toBe(402);
    expect(await free.json()).toEqual({ detail: storyMessages.premiumRequired });

    const bad = await open(storyIds[0]!, `${'0'.repeat(32)}.${'x'.repeat(43)}`);
    expect(bad.status).toBe(401);
  });

  it('an unknown story is 404 "Story not found"', async () => {
    const response = await open('no-such-story', premiumToken);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ detail: 'Story not found' });
  });
});
