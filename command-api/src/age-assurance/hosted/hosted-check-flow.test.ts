import { randomUUID } from 'node:crypto';
import { decodeEvent, streams } from '@nocturne/events';
import { verifyAgeToken } from '@nocturne/http-kit/auth';
import { accountsClient } from '@nocturne/test-kit/accounts-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCommandApi, type TestCommandApi } from '../../testing/test-command-api';
import type { AgeCheckOutcome } from '../age-check-outcome';
import { type LocalYoti, startLocalYoti } from '../yoti/local-yoti';
import { type YotiSettings, yotiProvider } from '../yoti/yoti-provider';

/**
 * The hosted method through the check flow, over HTTP, against the stand-in that speaks Yoti's
 * wire (its sessions API, user view, result and RSA-PSS-signed notification): start, the
 * visitor's choice on the provider's page, the signed notification, the browser's result.
 */
let system: TestCommandApi;
let yoti: LocalYoti;
const outcomes: AgeCheckOutcome[] = [];
const WALLET_URL = 'http://127.0.0.1:9/authorize';

const settingsOf = (stand: LocalYoti, overrides: Partial<YotiSettings> = {}): YotiSettings => ({
  provider: 'local-yoti',
  apiUrl: stand.url,
  sdkId: stand.sdkId,
  apiKey: stand.apiKey,
  notificationPublicKey: stand.publicKeyPem,
  estimationThreshold: 25,
  ...overrides,
});

beforeAll(async () => {
  yoti = await startLocalYoti();
  system = await startTestCommandApi(
    {
      ageWallet: { provider: 'local-wallet', walletUrl: WALLET_URL, trustedCertificates: [] },
      ageAssurance: { mode: 'required', regions: [], validityDays: 30 },
    },
    { ageHosted: yotiProvider(settingsOf(yoti)), onAgeCheckAnswered: (outcome) => outcomes.push(outcome) },
  );
  // The provider posts its notifications to PUBLIC_URL: this server's own address.
  system.options.publicUrl = system.baseUrl;
});
afterAll(async () => {
  await system?.stop();
  await yoti?.stop();
});

const { verifiedUser } = accountsClient(() => ({
  app: system.app,
  secret: system.options.secret,
  store: system.ports.store,
  vault: system.ports.vault,
}));

let ipCounter = 0;
const freshIp = () => `10.78.0.${++ipCounter}`;

async function post(base: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': freshIp(), ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Starts a hosted check; the session the stand-in opened for it. */
async function startHosted(headers: Record<string, string> = {}) {
  const started = await post(system.baseUrl, '/api/age-assurance/checks', { method: 'hosted' }, headers);
  expect(started.status).toBe(201);
  const redirect = new URL(started.body.redirect as string);
  const session = redirect.searchParams.get('sessionId')!;
  return { check: started.body.check as string, secret: started.body.secret as string, redirect, session };
}

/** The visitor's choice on the stand-in's page; where it sends the browser next. */
async function choose(session: string, choice: { over18: 'true' | 'false' } | { cancel: 'true' }) {
  const page = await fetch(`${yoti.url}/?sessionId=${session}&sdkId=${yoti.sdkId}`);
  expect(page.status).toBe(200);
  const response = await fetch(`${yoti.url}/local/finish`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ sessionId: session, ...choice }).toString(),
    redirect: 'manual',
  });
  expect(response.status).toBe(303);
  return response.headers.get('location');
}

const result = (check: string, secret: string) =>
  post(system.baseUrl, `/api/age-assurance/checks/${check}/result`, {}, { 'x-age-check-secret': secret });

const notify = (body: unknown) => post(system.baseUrl, '/api/age-assurance/notifications', body);

const checkEvents = async (check: string) =>
  (await system.ports.store.readStream(streams.ageCheck(check))).map(decodeEvent);

describe('an age check with the hosted provider (Yoti age verification, through its stand-in)', () => {
  it('opens a session that names only the check, our return page and our notification endpoint', async () => {
    const { check, redirect, session } = await startHosted();
    expect(`${redirect.origin}${redirect.pathname}`).toBe(`${yoti.url}/`);
    expect(redirect.searchParams.get('sdkId')).toBe(yoti.sdkId);
    const asked = yoti.sessions.get(session)!.request;
    expect(asked).toMatchObject({
      type: 'OVER',
      reference_id: check,
      callback: { auto: true, url: `${system.baseUrl}/age-assurance/return?check=${check}` },
      notification_url: `${system.baseUrl}/api/age-assurance/notifications`,
    });
    const [started] = await checkEvents(check);
    expect(started).toMatchObject({
      type: 'AgeCheckStarted',
      data: { method: 'hosted', provider: 'local-yoti', member: null, reference: session },
    });
  });

  it('given a signed-in member who is 18 or over, the signed notification settles the check: AgeAssured on their stream, a token for the browser', async () => {
    const member = await verifiedUser();
    const { check, secret, session } = await startHosted({ authorization: `Bearer ${member.token}` });
    expect(await result(check, secret)).toEqual({ status: 200, body: { status: 'pending' } });
    const before = outcomes.length;
    // The stand-in posts its notification before sending the browser back, as Yoti may.
    const back = await choose(session, { over18: 'true' });
    expect(back).toBe(`${system.baseUrl}/age-assurance/return?check=${check}&sessionId=${session}`);
    expect((await checkEvents(check)).map((e) => e.type)).toEqual(['AgeCheckStarted', 'AgeCheckAnswered']);
    expect(outcomes.slice(before)).toEqual([
      { outcome: 'assured', method: 'hosted', provider: 'local-yoti' },
    ]);

    const read = await result(check, secret);
    expect(read.body.status).toBe('assured');
    expect(verifyAgeToken(system.options.secret, read.body.token, new Date())).toMatchObject({
      method: 'hosted',
    });
    const memberKey = ((await checkEvents(check))[0]!.data as { member: string }).member;
    const assured = (await system.ports.store.readStream(streams.user(memberKey)))
      .map(decodeEvent)
      .filter((e) => e.type === 'AgeAssured');
    expect(assured.map((e) => e.data)).toEqual([
      {
        method: 'hosted',
        provider: 'local-yoti',
        assuredAt: expect.any(String),
        expiresAt: read.body.expiresAt,
      },
    ]);

    // Sent again (as the provider does until it hears 200): answered, nothing more stored.
    expect(await notify(yoti.signedNotification(session))).toEqual({
      status: 200,
      body: { check: 'answered' },
    });
    expect(await checkEvents(check)).toHaveLength(2);
  });

  it("when the notification has not come, the browser's result fetches the session's result itself", async () => {
    const { check, secret, session } = await startHosted();
    // Finished on the provider's side, its notification not (yet) delivered.
    const held = yoti.sessions.get(session)!;
    held.status = 'COMPLETE';
    held.method = 'AGE_ESTIMATION';
    const read = await result(check, secret);
    expect(read.body).toMatchObject({ status: 'assured', token: expect.any(String) });
    expect((await checkEvents(check)).map((e) => e.type)).toEqual(['AgeCheckStarted', 'AgeCheckAnswered']);
  });

  it('when the visitor is under 18, or cancels, the result is refused with the reason and nothing assures', async () => {
    const under = await startHosted();
    await choose(under.session, { over18: 'false' });
    expect((await result(under.check, under.secret)).body).toEqual({
      status: 'refused',
      detail: 'The check did not show that you are 18 or over.',
    });
    const cancelled = await startHosted();
    const back = await choose(cancelled.session, { cancel: 'true' });
    expect(back).toBe(`${system.baseUrl}/age-assurance/return?check=${cancelled.check}`);
    expect((await result(cancelled.check, cancelled.secret)).body).toEqual({
      status: 'refused',
      detail: 'The check was cancelled.',
    });
    for (const check of [under.check, cancelled.check]) {
      expect((await checkEvents(check)).at(-1)).toMatchObject({
        type: 'AgeCheckAnswered',
        data: { outcome: 'refused', assuranceExpiresAt: null },
      });
    }
  });

  it('refuses a notification whose signature is not the provider key: 401, counted, nothing appended', async () => {
    const { check, session } = await startHosted();
    const held = yoti.sessions.get(session)!;
    held.status = 'COMPLETE';
    held.method = 'AGE_ESTIMATION';
    const genuine = yoti.signedNotification(session);
    const head = await system.ports.store.headPosition();
    const before = outcomes.length;
    for (const forged of [
      { ...genuine, signature: Buffer.from('forged').toString('base64') },
      { ...genuine, reference_id: 'a-check-of-someone-else' },
      { hello: 'world' },
    ]) {
      const answer = await notify(forged);
      expect(answer).toEqual({
        status: 401,
        body: { detail: "The notification's signature is not the age check provider's." },
      });
    }
    expect(await system.ports.store.headPosition()).toBe(head);
    expect(outcomes.slice(before)).toEqual(
      Array(3).fill({ outcome: 'refused', reason: 'forged_notification' }),
    );
    expect(await checkEvents(check)).toHaveLength(1);
  });

  it('answers 200 to a genuine notification that names no check of ours (else it comes forever), and does nothing', async () => {
    // A session opened at the provider by someone else's check, signed with the provider's key.
    const adapter = yotiProvider(settingsOf(yoti));
    const { session } = await adapter.start({
      checkId: randomUUID(),
      returnUrl: 'https://elsewhere.example/back',
      notificationUrl: 'https://elsewhere.example/notifications',
    });
    // And a session opened at the provider naming a check of ours, not the one it was started with.
    const ours = await startHosted();
    const crossed = await adapter.start({
      checkId: ours.check,
      returnUrl: 'https://elsewhere.example/back',
      notificationUrl: 'https://elsewhere.example/notifications',
    });
    await yoti.finish(crossed.session, true);
    const head = await system.ports.store.headPosition();
    for (const stray of [session, crossed.session]) {
      expect(await notify(yoti.signedNotification(stray))).toEqual({
        status: 200,
        body: { check: 'unknown' },
      });
    }
    expect(await system.ports.store.headPosition()).toBe(head);
    expect(await checkEvents(ours.check)).toHaveLength(1);
  });
});

describe('a hosted provider that does not answer', () => {
  let down: TestCommandApi;
  let stand: LocalYoti;
  beforeAll(async () => {
    stand = await startLocalYoti();
    down = await startTestCommandApi(
      { ageWallet: { provider: 'local-wallet', walletUrl: WALLET_URL, trustedCertificates: [] } },
      { ageHosted: yotiProvider(settingsOf(stand, { apiUrl: 'http://127.0.0.1:9', timeoutMs: 2_000 })) },
    );
  });
  afterAll(async () => {
    await down?.stop();
    await stand?.stop();
  });

  it('is a 503 that names it and says to choose another method; nothing is appended, and the wallet still starts', async () => {
    const head = await down.ports.store.headPosition();
    const refused = await post(down.baseUrl, '/api/age-assurance/checks', { method: 'hosted' });
    expect(refused).toEqual({
      status: 503,
      body: {
        detail: 'Local age check (Yoti stand-in) is not answering right now. Please try another method.',
      },
    });
    expect(await down.ports.store.headPosition()).toBe(head);
    expect((await post(down.baseUrl, '/api/age-assurance/checks', { method: 'wallet' })).status).toBe(201);
  });

  it('a provider that refuses our keys is unavailable too, never an assurance', async () => {
    const wrongKey = await startTestCommandApi(
      {},
      { ageHosted: yotiProvider(settingsOf(stand, { apiKey: 'not-the-key' })) },
    );
    try {
      expect((await post(wrongKey.baseUrl, '/api/age-assurance/checks', { method: 'hosted' })).status).toBe(
        503,
      );
    } finally {
      await wrongKey.stop();
    }
  });
});
