import { randomUUID } from 'node:crypto';
import { PostgresNotifier } from '@nocturne/notify';
import { apiCall, bearer, postStory, verifiedUser } from '@nocturne/test-kit/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSystem, type TestSystem } from './test-system';

/**
 * The bell marked seen and read again at once, round after round, on the system as `npm start`
 * runs it without NATS (the PostgreSQL LISTEN/NOTIFY notifier). Each read carries the mark's
 * X-Event-Position as X-Min-Position, as the web app sends it, and must count nothing the mark
 * covered. The mark carries an Idempotency-Key as the web app's commands do: a new one per
 * action, or, as a script replaying a request copied from the browser sends it, the same one
 * every time. A kept key once answered the later marks 200 with the first mark's outcome,
 * appending nothing, and the next read still counted the new story unread.
 */
let system: TestSystem;
let maker: string;
let fan: string;

beforeAll(async () => {
  system = await startTestSystem(
    { natsUrl: undefined },
    { accountRateLimits: { publishPerMinute: 100, signupPerMinute: 20, loginPerMinute: 40 } },
  );
  maker = await verifiedUser(system.baseUrl, 'bell-seen-maker@nocturne.test');
  fan = await verifiedUser(system.baseUrl, 'bell-seen-fan@nocturne.test');
}, 180_000);
afterAll(async () => {
  await system?.stop();
});

const call = (
  method: string,
  path: string,
  token: string,
  request: { body?: unknown; after?: string | null; key?: string } = {},
) =>
  apiCall(system.baseUrl, method, path, {
    token,
    body: request.body,
    after: request.after,
    headers: request.key === undefined ? {} : { 'Idempotency-Key': request.key },
  });

describe('the bell, marked seen and read again at once', () => {
  it('counts nothing the mark covered, 20 rounds, with a new key per mark or the same key every time', async () => {
    expect(system.infra.notifier).toBeInstanceOf(PostgresNotifier);
    expect((await call('PUT', '/api/me/pen-name', maker, { body: { penName: 'Seen Maker' } })).status).toBe(
      200,
    );
    expect((await call('POST', '/api/creators/seen-maker/follow', fan)).status).toBe(200);
    const keptKey = randomUUID();
    for (let round = 1; round <= 20; round++) {
      const key = round % 2 === 0 ? randomUUID() : keptKey;
      const published = await postStory(
        system.baseUrl,
        { texts: [`Round ${round}.`, 'Two.'] },
        bearer(maker),
        round,
      );
      expect(published.status, `round ${round}`).toBe(201);
      const before = await call('GET', '/api/me/notifications', fan, {
        after: published.headers.get('x-event-position'),
      });
      expect(before.body.unread, `round ${round}`).toBe(1);
      const seen = await call('POST', '/api/me/notifications/seen', fan, {
        body: { through: before.body.newest },
        key,
      });
      expect(seen.status, `round ${round}`).toBe(200);
      expect(seen.body, `round ${round}`).toEqual({ through: before.body.newest });
      const after = await call('GET', '/api/me/notifications', fan, { after: seen.position });
      expect(after.status, `round ${round}`).toBe(200);
      expect(after.body.unread, `round ${round}`).toBe(0);
      expect(after.body.items).toHaveLength(round);
      expect(
        after.body.items.every((item: { read: boolean }) => item.read),
        `round ${round}`,
      ).toBe(true);
      // A retry of this very mark (its answer lost) is answered as it was, and appends nothing.
      const head = await system.infra.store.headPosition();
      const retried = await call('POST', '/api/me/notifications/seen', fan, {
        body: { through: before.body.newest },
        key,
      });
      expect([retried.status, retried.position, retried.body], `round ${round}`).toEqual([
        200,
        seen.position,
        seen.body,
      ]);
      expect(await system.infra.store.headPosition()).toBe(head);
    }
  });
});
