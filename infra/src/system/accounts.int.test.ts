import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { accountMessages } from '@nocturne/domain';
import { encodeEvent, streams } from '@nocturne/events';
import { linkToken } from '@nocturne/http-kit/auth';
import { accountKeyOf } from '@nocturne/test-kit/account-key';
import { accountsClient, newEmail } from '@nocturne/test-kit/accounts-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestSystem, type TestSystem } from './test-system';

/** The account routes with the read side (/me), the mail reactor and the rate limits; the rest is accounts.test.ts. */
let system: TestSystem;
beforeAll(async () => {
  system = await startTestSystem();
});
afterAll(async () => {
  await system?.stop();
});

const { call, freshIp, userEvents, signUp, verifiedUser } = accountsClient(() => ({
  app: system.app,
  secret: system.config.secret,
  store: system.infra.store,
  vault: system.infra.vault,
}));

describe('signup, verification and login', () => {
  it('signs up, verifies, logs in; /me answers; logout stops the session at once', async () => {
    const email = newEmail();
    const signup = await signUp(`  ${email.toUpperCase()} `, 'pass word ');
    expect(signup.status).toBe(200);
    expect(signup.body.message).toBe('Please check your email to verify your account.');
    expect(typeof signup.body.verification_token).toBe('string');

    const unverified = await call('POST', '/api/auth/login', { body: { email, password: 'pass word ' } });
    expect(unverified.status).toBe(403);
    expect(unverified.body.detail).toBe(accountMessages.notVerified);

    const verify = await call('POST', '/api/auth/verify-email', {
      body: { token: signup.body.verification_token },
    });
    expect(verify).toMatchObject({ status: 200, body: { email } });
    expect(Number(verify.position)).toBeGreaterThan(0);

    // The password is used exactly as typed: the trailing space matters.
    expect((await call('POST', '/api/auth/login', { body: { email, password: 'pass word' } })).status).toBe(
      401,
    );
    const login = await call('POST', '/api/auth/login', {
      body: { email: email.toUpperCase(), password: 'pass word ' },
    });
    expect(login.status).toBe(200);
    expect(login.body.user).toEqual({ email, is_subscribed: false, premium_stories_remaining: 0 });
    const token = login.body.token as string;
    expect(token).toMatch(/^[0-9a-f]{32}\.[A-Za-z0-9_-]{43}$/);

    const me = await call('GET', '/api/auth/me', { token, minPosition: login.position });
    expect(me).toMatchObject({
      status: 200,
      body: { email, is_subscribed: false, premium_stories_remaining: 0 },
    });

    // Only the digest is recorded: the token itself is nowhere in the log.
    expect(JSON.stringify(await userEvents(email))).not.toContain(token.split('.')[1]);

    const logout = await call('POST', '/api/auth/logout', { token });
    expect(logout.status).toBe(200);
    const after = await call('GET', '/api/auth/me', { token, minPosition: logout.position });
    expect(after.status).toBe(401);
    expect(after.body.detail).toBe('Not authenticated');
    expect((await call('POST', '/api/auth/logout', { token })).status).toBe(401);
  });

  it('answers a signup of a registered address like a new one and mails the owner instead', async () => {
    const { email } = await verifiedUser();
    const again = await signUp(email, 'another password');
    expect(again.status).toBe(200);
    expect(again.body.message).toBe('Please check your email to verify your account.');
    expect((await userEvents(email)).at(-1)?.type).toBe('DuplicateSignupAttempted');
    const login = await call('POST', '/api/auth/login', { body: { email, password: 'another password' } });
    expect(login.status).toBe(401);

    await system.reactors.drain();
    const mails = await outbox();
    const mail = mails.find((m) => m.includes(`To: ${email}`) && m.includes('Someone tried to sign up'));
    expect(mail).toBeDefined();
    expect(mail).toContain(`http://localhost:3000/auth/login?email=${encodeURIComponent(email)}`);
  });

  it('a new signup of an unverified address replaces its password and voids earlier links (pre-account takeover)', async () => {
    const email = newEmail();
    const squatter = await signUp(email, 'squatter password');
    const owner = await signUp(email, 'owner password');
    const fresh = await signUp(newEmail(), 'owner password');
    // The same answer as for a new address: no enumeration.
    for (const answer of [squatter, owner]) {
      expect(answer.status).toBe(fresh.status);
      expect(Object.keys(answer.body).sort()).toEqual(Object.keys(fresh.body).sort());
      expect(answer.body.message).toBe(fresh.body.message);
    }
    const verify = (token: unknown) => call('POST', '/api/auth/verify-email', { body: { token } });
    expect((await verify(squatter.body.verification_token)).status).toBe(400);
    expect((await verify(owner.body.verification_token)).status).toBe(200);
    const login = (password: string) => call('POST', '/api/auth/login', { body: { email, password } });
    expect((await login('squatter password')).status).toBe(401);
    expect((await login('owner password')).status).toBe(200);
  });

  it('mails the verification link whose token verifies (the reactor derives it from the event)', async () => {
    const email = newEmail();
    const signup = await signUp(email);
    await system.reactors.drain();
    const mail = (await outbox()).find((m) => m.includes(`To: ${email}`) && m.includes('Verify your email'));
    expect(mail).toBeDefined();
    const link = /http:\/\/localhost:3000\/auth\/verify\?token=([0-9a-f]{32}\.[A-Za-z0-9_-]{43})/.exec(mail!);
    expect(link?.[1]).toBe(signup.body.verification_token);
  });
});

describe('password reset', () => {
  async function resetLinkOf(email: string): Promise<string> {
    // The request is recorded after its answer (the answer must not tell an account's address).
    const event = await vi.waitFor(async () => {
      const requested = (await userEvents(email)).findLast((e) => e.type === 'PasswordResetRequested');
      expect(requested).toBeDefined();
      return requested;
    });
    return linkToken(
      system.config.secret,
      'reset',
      await accountKeyOf(system.infra.vault, email),
      event!.eventId,
    ).token;
  }

  it('answers the same for any address; resets once; revokes every session', async () => {
    const user = await verifiedUser();
    const second = await call('POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
    });

    const unknown = await call('POST', '/api/auth/request-password-reset', { body: { email: newEmail() } });
    const known = await call('POST', '/api/auth/request-password-reset', { body: { email: user.email } });
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);

    const token = await resetLinkOf(user.email);
    await system.reactors.drain();
    const mail = (await outbox()).find(
      (m) => m.includes(`To: ${user.email}`) && m.includes('Reset your password'),
    );
    expect(mail).toContain(`/auth/reset-password?token=${token}`);

    expect(
      await call('POST', '/api/auth/reset-password', { body: { token, password: '123' } }),
    ).toMatchObject({ status: 400, body: { detail: 'Password must be at least 6 characters' } });
    const reset = await call('POST', '/api/auth/reset-password', {
      body: { token, password: 'brand new secret' },
    });
    expect(reset.status).toBe(200);

    for (const session of [user.token, second.body.token as string]) {
      expect(
        (await call('GET', '/api/auth/me', { token: session, minPosition: reset.position })).status,
      ).toBe(401);
      expect((await call('POST', '/api/auth/logout', { token: session })).status).toBe(401);
    }
    expect(
      (await call('POST', '/api/auth/login', { body: { email: user.email, password: user.password } }))
        .status,
    ).toBe(401);
    expect(
      (await call('POST', '/api/auth/login', { body: { email: user.email, password: 'brand new secret' } }))
        .status,
    ).toBe(200);
    expect(
      await call('POST', '/api/auth/reset-password', { body: { token, password: 'again again' } }),
    ).toMatchObject({
      status: 400,
      body: { detail: accountMessages.resetUsed },
    });
  });

  it('refuses a forged and an expired reset token', async () => {
    const user = await verifiedUser();
    const userKey = await accountKeyOf(system.infra.vault, user.email);
    const forged = linkToken('not-the-secret', 'reset', userKey, randomUUID()).token;
    expect(
      await call('POST', '/api/auth/reset-password', { body: { token: forged, password: 'whatever1' } }),
    ).toMatchObject({ status: 400, body: { detail: accountMessages.resetUnknown } });
    // Given a reset requested two hours ago (valid one hour).
    const eventId = randomUUID();
    const link = linkToken(system.config.secret, 'reset', userKey, eventId);
    const state = await userEvents(user.email);
    const registered = state.find((e) => e.type === 'UserRegistered');
    await system.infra.store.append(
      streams.user(userKey),
      [
        encodeEvent(
          {
            type: 'PasswordResetRequested',
            data: {
              tokenDigest: link.digest,
              expiresAt: new Date(Date.now() - 3600_000).toISOString(),
              email: registered!.type === 'UserRegistered' ? registered!.data.email : '',
            },
          },
          { correlationId: 't', causationId: 't', actor: { kind: 'anonymous' } },
          eventId,
        ),
      ],
      'any',
    );
    const answer = await call('POST', '/api/auth/reset-password', {
      body: { token: link.token, password: 'whatever1' },
    });
    expect(answer).toMatchObject({ status: 400, body: { detail: accountMessages.resetExpired } });
    // The session survives refused resets.
    expect(
      (await call('GET', '/api/auth/me', { token: user.token, minPosition: user.position })).status,
    ).toBe(200);
  });
});

describe('rate limits', () => {
  it('allows 5 signups a minute per IP, then 429 {detail}', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await signUp(newEmail(), 'secret12', ip)).status).toBe(200);
    const refused = await signUp(newEmail(), 'secret12', ip);
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toMatch(/too many/i);
    expect((await signUp(newEmail(), 'secret12', freshIp())).status).toBe(200);
  });

  it('allows 10 logins a minute per client address', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      expect(
        (await call('POST', '/api/auth/login', { body: { email: newEmail(), password: 'x' }, ip })).status,
      ).toBe(401);
    }
    expect(
      (await call('POST', '/api/auth/login', { body: { email: newEmail(), password: 'x' }, ip })).status,
    ).toBe(429);
  });

  it('per account: slows a guesser, never locks the owner out of a correct login from another address', async () => {
    const owner = await verifiedUser();
    const login = (password: string, ip: string) =>
      call('POST', '/api/auth/login', { body: { email: owner.email, password }, ip });
    const guesser = freshIp();
    for (let i = 0; i < 5; i++) expect((await login(`guess-${i}`, guesser)).status).toBe(401);
    const refused = await login('guess-5', guesser);
    expect(refused.status).toBe(429);
    expect(typeof refused.body.detail).toBe('string');
    expect((await login(owner.password, freshIp())).status).toBe(200);

    // The account as a whole has failed too often: an address that failed on it is refused at
    // once, a new one still gets its try, and the owner still gets in.
    const others = Array.from({ length: 5 }, freshIp);
    for (const ip of others) expect((await login('another guess', ip)).status).toBe(401);
    expect((await login('again', others[0]!)).status).toBe(429);
    expect((await login('a new guess', freshIp())).status).toBe(401);
    expect((await login(owner.password, freshIp())).status).toBe(200);
    // The email's case does not make another account.
    expect(
      (
        await call('POST', '/api/auth/login', {
          body: { email: owner.email.toUpperCase(), password: 'x' },
          ip: guesser,
        })
      ).status,
    ).toBe(429);
  });

  it('allows 5 reset requests a minute per IP', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      expect(
        (await call('POST', '/api/auth/request-password-reset', { body: { email: newEmail() }, ip })).status,
      ).toBe(200);
    }
    expect(
      (await call('POST', '/api/auth/request-password-reset', { body: { email: newEmail() }, ip })).status,
    ).toBe(429);
  });
});

async function outbox(): Promise<string[]> {
  const dir = join(system.config.dataDir, 'outbox');
  const files = await readdir(dir).catch(() => [] as string[]);
  const raw = await Promise.all(files.map((f) => readFile(join(dir, f), 'utf8')));
  // The bodies are quoted-printable: undo soft line breaks and =XX escapes.
  return raw.map((m) =>
    m
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
  );
}

describe('the client address behind proxies (TRUST_PROXY)', () => {
  // The test system trusts loopback (TRUST_PROXY=loopback): only a proxy there may say who the client is.
  const signUpVia = (peer: string, forwardedFor: string) =>
    system.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: newEmail(), password: 'secret12', age_confirmed: true },
      remoteAddress: peer,
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('believes X-Forwarded-For from a trusted proxy: each forwarded client has its own limit', async () => {
    for (let i = 0; i < 6; i++) expect((await signUpVia('127.0.0.1', `10.88.0.${i}`)).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For from anyone else: a forged header does not get around the limit', async () => {
    const peer = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await signUpVia(peer, `10.89.0.${i}`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
