import { randomUUID } from 'node:crypto';
import { accountMessages } from '@nocturne/domain';
import { encodeEvent, streams } from '@nocturne/events';
import { linkToken, newSessionToken } from '@nocturne/http-kit/auth';
import { accountsClient, newEmail } from '@nocturne/test-kit/accounts-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCommandApi, type TestCommandApi } from '../testing/test-command-api';
import { hashPassword } from './password';

/** The account commands through command-api on the in-memory store (no read side, no mail). */
let system: TestCommandApi;
beforeAll(async () => {
  system = await startTestCommandApi();
});
afterAll(async () => {
  await system?.stop();
});

const { call, freshIp, userEvents, signUp, verifiedUser } = accountsClient(() => ({
  app: system.app,
  secret: system.options.secret,
  store: system.ports.store,
  vault: system.ports.vault,
}));

describe('signup and login', () => {
  it('registers an address once when two signups race, and answers both alike', async () => {
    for (let round = 0; round < 4; round++) {
      const email = newEmail();
      const [a, b] = await Promise.all([signUp(email, 'password-a'), signUp(email, 'password-b')]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(a.body.message).toBe(b.body.message);
      const events = await userEvents(email);
      expect(events.filter((e) => e.type === 'UserRegistered')).toHaveLength(1);
      expect(events.map((e) => e.type).sort()).toEqual(['UnverifiedSignupReplaced', 'UserRegistered']);
      // Exactly one of the two passwords is the account's: the later signup's, whose link verifies.
      const later = events.at(-1)!.eventId;
      const token = [a, b]
        .map((answer) => answer.body.verification_token as string)
        .find((t) => t === linkToken(system.options.secret, 'verify', t.split('.')[0]!, later).token)!;
      expect((await call('POST', '/api/auth/verify-email', { body: { token } })).status).toBe(200);
      const logins = await Promise.all(
        ['password-a', 'password-b'].map((password) =>
          call('POST', '/api/auth/login', { body: { email, password } }),
        ),
      );
      expect(logins.map((l) => l.status).sort()).toEqual([200, 401]);
    }
  });

  it('refuses a wrong password and an unknown address alike, in comparable time', async () => {
    const { email } = await verifiedUser();
    const time = async (body: object) => {
      const started = performance.now();
      const answer = await call('POST', '/api/auth/login', { body });
      return { answer, ms: performance.now() - started };
    };
    const wrong = await time({ email, password: 'wrong password' });
    const unknown = await time({ email: newEmail(), password: 'wrong password' });
    expect(wrong.answer).toMatchObject({ status: 401, body: { detail: 'Invalid email or password' } });
    expect(unknown.answer).toMatchObject({ status: 401, body: { detail: 'Invalid email or password' } });
    // Both run one argon2id verification; without the dummy hash the unknown one would be ~0 ms.
    const wrongAgain = await time({ email, password: 'wrong password' });
    const unknownAgain = await time({ email: newEmail(), password: 'wrong password' });
    const ratio = (unknown.ms + unknownAgain.ms) / (wrong.ms + wrongAgain.ms);
    expect(ratio).toBeGreaterThan(0.33);
    expect(ratio).toBeLessThan(3);
  });

  it('refuses bad input with 400 {detail} and appends nothing', async () => {
    const head = await system.ports.store.headPosition();
    const email = newEmail();
    const cases: [unknown, string][] = [
      [{ email, password: 'secret1' }, 'You must confirm that you are 18+ years old to continue'],
      [
        { email, password: 'secret1', age_confirmed: false },
        'You must confirm that you are 18+ years old to continue',
      ],
      [{ email, password: '12345', age_confirmed: true }, 'Password must be at least 6 characters'],
      [{ email, password: 'x'.repeat(257), age_confirmed: true }, 'Password must be at most 256 characters'],
      [
        { email: 'not-an-address', password: 'secret1', age_confirmed: true },
        'Please enter a valid email address',
      ],
      [{ password: 'secret1', age_confirmed: true }, 'Email is required'],
    ];
    for (const [body, detail] of cases) {
      expect(await call('POST', '/api/auth/signup', { body })).toMatchObject({
        status: 400,
        body: { detail },
      });
    }
    const raw = await system.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
      remoteAddress: freshIp(),
    });
    expect(raw.statusCode).toBe(400);
    expect(typeof raw.json().detail).toBe('string');
    expect((await call('POST', '/api/auth/verify-email', { body: {} })).status).toBe(400);
    expect((await call('POST', '/api/auth/login', { body: { email: 'x' } })).status).toBe(400);
    expect(await system.ports.store.headPosition()).toBe(head);
  });
});

describe('one-time tokens', () => {
  it('refuses a forged, a malformed and a used verification token', async () => {
    const email = newEmail();
    const signup = await signUp(email);
    const token = signup.body.verification_token as string;
    const [userKey] = token.split('.');
    const forged = `${userKey}.${newSessionToken(userKey!).token.split('.')[1]}`;
    expect(await call('POST', '/api/auth/verify-email', { body: { token: forged } })).toMatchObject({
      status: 400,
      body: { detail: accountMessages.verificationUnknown },
    });
    expect(await call('POST', '/api/auth/verify-email', { body: { token: 'garbage' } })).toMatchObject({
      status: 400,
      body: { detail: accountMessages.verificationUnknown },
    });
    expect((await call('POST', '/api/auth/verify-email', { body: { token } })).status).toBe(200);
    expect(await call('POST', '/api/auth/verify-email', { body: { token } })).toMatchObject({
      status: 400,
      body: { detail: accountMessages.verificationUsed },
    });
  });

  it('refuses an expired verification token with a detail containing "expired"', async () => {
    // Given a registration made 25 hours ago (its link was valid 24 hours).
    const email = newEmail();
    const userKey = randomUUID().replaceAll('-', '');
    const accountId = randomUUID();
    await system.ports.vault.claimAddress(system.ports.vault.addressDigest(email), { userKey, accountId });
    const eventId = randomUUID();
    const link = linkToken(system.options.secret, 'verify', userKey, eventId);
    const past = new Date(Date.now() - 25 * 3600_000);
    await system.ports.store.append(
      streams.user(userKey),
      [
        encodeEvent(
          {
            type: 'UserRegistered',
            data: {
              accountId,
              email: await system.ports.vault.encrypt(accountId, email),
              passwordHash: await system.ports.vault.encrypt(accountId, await hashPassword('secret1')),
              ageConfirmedAt: past.toISOString(),
              verification: {
                tokenDigest: link.digest,
                expiresAt: new Date(past.getTime() + 24 * 3600_000).toISOString(),
              },
            },
          },
          { correlationId: 't', causationId: 't', actor: { kind: 'anonymous' } },
          eventId,
        ),
      ],
      'no_stream',
    );
    const answer = await call('POST', '/api/auth/verify-email', { body: { token: link.token } });
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toContain('expired');
    // Signing up again sends a fresh link, which works.
    const again = await signUp(email);
    expect(
      (await call('POST', '/api/auth/verify-email', { body: { token: again.body.verification_token } }))
        .status,
    ).toBe(200);
  });
});
