import type { MyPremium, PremiumOpening } from '@nocturne/domain';
import {
  type ApiUser,
  adminToken,
  createVerifiedUser,
  publishStory,
  setPremium,
} from '@nocturne/test-kit/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSystem, type TestSystem } from './test-system';

/** GET /api/me/premium and /api/me/premium/stories/{id}. */
let system: TestSystem;
let admin: string;
let ann: ApiUser;
let bob: ApiUser;
let premiumId: string;
let freeId: string;

const bearer = (user: ApiUser) => ({ Authorization: `Bearer ${user.token}` });
const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${system.baseUrl}${path}`, { headers });

async function confirmPayment(user: ApiUser, transactionId: string): Promise<number> {
  const response = await fetch(`${system.baseUrl}/api/payment/confirm`, {
    method: 'POST',
    headers: { ...bearer(user), 'Content-Type': 'application/json' },
    body: JSON.stringify({ amount: 15, payment_method: 'paypal', transaction_id: transactionId }),
  });
  expect(response.status).toBeLessThan(300);
  return Number(response.headers.get('x-event-position'));
}

beforeAll(async () => {
  system = await startTestSystem();
  admin = await adminToken(system.baseUrl, system.config.adminPassword);
  ann = await createVerifiedUser(system.baseUrl, { prefix: 'ann' });
  bob = await createVerifiedUser(system.baseUrl, { prefix: 'bob' });
  premiumId = (
    await publishStory(system.baseUrl, admin, { texts: ['Moonlit opening words.', 'Two'], isPremium: true })
  ).id;
  freeId = (await publishStory(system.baseUrl, admin, { texts: ['Free one.', 'Two'] })).id;
});
afterAll(async () => {
  await system?.stop();
});

describe('GET /api/me/premium', () => {
  it('is for a logged-in reader only: 401 without a session or with a made-up one', async () => {
    const anonymous: Record<string, string>[] = [{}, { Authorization: 'Bearer not-a-session' }];
    for (const headers of anonymous) {
      const response = await get('/api/me/premium', headers);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ detail: 'Not authenticated' });
    }
    expect((await get(`/api/me/premium/stories/${premiumId}`)).status).toBe(401);
  });

  it('refuses a bad X-Min-Position with 400 and a detail', async () => {
    for (const position of ['abc', '1e3', '999999999999']) {
      const response = await get('/api/me/premium', { ...bearer(ann), 'X-Min-Position': position });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { detail: string }).detail).toMatch(/X-Min-Position/);
    }
  });

  it('reads its own writes: a confirmation pending, then activated by the grant; the unlock and the count', async () => {
    const sent = await confirmPayment(ann, 'TX-ANN-42');
    const pending = (await (
      await get('/api/me/premium', { ...bearer(ann), 'X-Min-Position': String(sent) })
    ).json()) as MyPremium;
    expect(pending.confirmations).toEqual([
      expect.objectContaining({
        amount: 15,
        payment_method: 'paypal',
        transaction_id: 'TX-ANN-42',
        state: 'pending',
        activated_at: null,
      }),
    ]);
    expect(pending).toMatchObject({ is_subscribed: false, stories_remaining: 0, changes: [], unlocks: [] });

    await setPremium(system.baseUrl, admin, ann.email, true);
    await system.settle();
    const before = (await (
      await get(`/api/me/premium/stories/${premiumId}`, bearer(ann))
    ).json()) as PremiumOpening;
    expect(before).toEqual({
      is_premium: true,
      unlocked: false,
      spends: true,
      stories_remaining: 30,
      warnings: [],
    });
    // Asking spent nothing.
    expect(((await (await get('/api/me/premium', bearer(ann))).json()) as MyPremium).unlocks).toEqual([]);

    const opened = await get(`/api/stories/${premiumId}`, bearer(ann));
    expect(opened.status).toBe(200);
    const position = opened.headers.get('x-event-position');
    const ledger = (await (
      await get('/api/me/premium', { ...bearer(ann), 'X-Min-Position': String(position) })
    ).json()) as MyPremium;
    expect(ledger.stories_remaining).toBe(29);
    expect(ledger.confirmations[0]).toMatchObject({ state: 'activated', activated_at: expect.any(String) });
    expect(ledger.changes).toEqual([{ kind: 'grant', at: expect.any(String), stories: 30 }]);
    expect(ledger.unlocks).toEqual([
      {
        story_id: premiumId,
        unlocked_at: expect.any(String),
        teaser: 'Moonlit opening words.',
        returned_at: null,
      },
    ]);

    const after = (await (
      await get(`/api/me/premium/stories/${premiumId}`, bearer(ann))
    ).json()) as PremiumOpening;
    expect(after).toEqual({
      is_premium: true,
      unlocked: true,
      spends: false,
      stories_remaining: 29,
      warnings: [],
    });
    const free = (await (
      await get(`/api/me/premium/stories/${freeId}`, bearer(ann))
    ).json()) as PremiumOpening;
    expect(free.spends).toBe(false);
    expect((await get('/api/me/premium/stories/no-such-story', bearer(ann))).status).toBe(404);
  });

  it("never shows another reader's ledger", async () => {
    await system.settle();
    const theirs = (await (await get('/api/me/premium', bearer(bob))).json()) as MyPremium;
    expect(theirs).toEqual({
      is_subscribed: false,
      stories_remaining: 0,
      confirmations: [],
      purchases: [],
      changes: [],
      unlocks: [],
    });
    const opening = (await (
      await get(`/api/me/premium/stories/${premiumId}`, bearer(bob))
    ).json()) as PremiumOpening;
    expect(opening).toEqual({
      is_premium: true,
      unlocked: false,
      spends: false,
      stories_remaining: 0,
      warnings: [],
    });
  });
});
