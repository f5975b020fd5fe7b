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
});
