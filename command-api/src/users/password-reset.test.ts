import { streams } from '@nocturne/events';
import { accountsClient, newEmail } from '@nocturne/test-kit/accounts-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestCommandApi, type TestCommandApi } from '../testing/test-command-api';

/** Password reset requests through command-api on the in-memory store, its appends slowed. */
let system: TestCommandApi;
const APPEND_MS = 400;
beforeAll(async () => {
  system = await startTestCommandApi();
  // An append that takes its time, as one waiting for the disk does: an answer that waited for
  // it would tell an account's address from any other.
  const store = system.ports.store;
  const append = store.append.bind(store);
  store.append = (async (...args: Parameters<typeof append>) => {
    await new Promise((resolve) => setTimeout(resolve, APPEND_MS));
    return append(...args);
  }) as typeof store.append;
});
afterAll(async () => {
  await system?.stop();
});

const { userEvents, verifiedUser } = accountsClient(() => ({
  app: system.app,
  secret: system.options.secret,
  store: system.ports.store,
  vault: system.ports.vault,
}));

async function askReset(email: string) {
  const started = performance.now();
  const response = await system.app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    payload: { email },
  });
  const { date: _date, ...headers } = response.headers;
  return { status: response.statusCode, headers, body: response.body, ms: performance.now() - started };
}

describe('asking for a password reset', () => {
  it('answers an account and an unknown address alike: headers, body and time (was: a position and an append longer for an account)', async () => {
    const user = await verifiedUser();
    const known = await askReset(user.email);
    const unknown = await askReset(newEmail());

    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toBe(unknown.body);
    // The same header names; the position is the log's head either way.
    expect(Object.keys(known.headers).sort()).toEqual(Object.keys(unknown.headers).sort());
    expect(known.headers['x-event-position']).toMatch(/^\d+$/);
    // Neither answer waits for the append an account's request makes.
    expect(known.ms).toBeLessThan(APPEND_MS);
    expect(unknown.ms).toBeLessThan(APPEND_MS);

    // The account's request is recorded all the same, after its answer.
    await vi.waitFor(
      async () =>
        expect((await userEvents(user.email)).map((e) => e.type)).toContain('PasswordResetRequested'),
      { timeout: 5_000 },
    );
  });

  it("moves the log's head alike for an account and an unknown address: one step each, headers alike", async () => {
    const store = system.ports.store;
    const user = await verifiedUser();
    const settled = async () => {
      // Until the work after the answer is done: the head stops moving.
      let head = await store.headPosition();
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, APPEND_MS + 100));
        const now = await store.headPosition();
        if (now === head) return head;
        head = now;
      }
    };
    const asked = async (email: string) => {
      const before = await settled();
      const answer = await askReset(email);
      const after = await settled();
      return { answer, before, after };
    };
    const known = await asked(user.email);
    const unknown = await asked(newEmail());
    // An address of an account that takes no reset (never verified, say) is no different either.
    for (const { answer, before, after } of [known, unknown]) {
      expect(answer.status).toBe(200);
      expect(answer.headers['x-event-position']).toBe(String(before));
      expect(after - before).toBe(1);
    }
    const { 'x-event-position': _known, ...knownHeaders } = known.answer.headers;
    const { 'x-event-position': _unknown, ...unknownHeaders } = unknown.answer.headers;
    expect(knownHeaders).toEqual(unknownHeaders);
    expect(known.answer.body).toBe(unknown.answer.body);
    // What the unknown address left in the log names nobody.
    const unmatched = await store.readStream(streams.unmatchedResetRequests());
    expect(unmatched.at(-1)).toMatchObject({ type: 'PasswordResetUnmatched', data: {} });
    expect(JSON.stringify(unmatched.at(-1)?.metadata)).not.toContain('@');
  });

  it('stores one unmatched request for a retry of the same action (its Idempotency-Key)', async () => {
    const store = system.ports.store;
    const email = newEmail();
    const send = () =>
      system.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        remoteAddress: '198.51.100.7',
        headers: { 'idempotency-key': `reset-retry-${email}` },
        payload: { email },
      });
    const before = (await store.readStream(streams.unmatchedResetRequests())).length;
    expect((await send()).statusCode).toBe(200);
    await vi.waitFor(
      async () => expect((await store.readStream(streams.unmatchedResetRequests())).length).toBe(before + 1),
      { timeout: 5_000 },
    );
    expect((await send()).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, APPEND_MS * 2));
    expect((await store.readStream(streams.unmatchedResetRequests())).length).toBe(before + 1);
  });
});
