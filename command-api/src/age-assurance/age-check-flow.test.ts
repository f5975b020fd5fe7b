import { decodeEvent, streams } from '@nocturne/events';
import { verifyAgeToken } from '@nocturne/http-kit/auth';
import { accountsClient } from '@nocturne/test-kit/accounts-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCommandApi, type TestCommandApi } from '../testing/test-command-api';
import type { RequestBinding } from './age-attestation';
import type { AgeCheckOutcome } from './age-check-outcome';
import {
  type BrokenPresentation,
  brokenPresentation,
  trustedCertificateOf,
} from './testing/age-presentations';
import { presentAge } from './wallet/present-age';
import { createTestIssuer, type TestIssuer } from './wallet/test-issuer';

/** The whole check over HTTP: start, the wallet's direct_post, the browser's result. */
let system: TestCommandApi;
let issuer: TestIssuer;
const outcomes: AgeCheckOutcome[] = [];
const WALLET_URL = 'http://127.0.0.1:9/authorize';

beforeAll(async () => {
  issuer = await createTestIssuer(new Date());
  system = await startTestCommandApi(
    {
      ageWallet: {
        provider: 'local-wallet',
        walletUrl: WALLET_URL,
        trustedCertificates: [trustedCertificateOf(issuer)],
      },
      ageAssurance: { mode: 'required', regions: [], validityDays: 30 },
    },
    { onAgeCheckAnswered: (outcome) => outcomes.push(outcome) },
  );
});
afterAll(async () => {
  await system?.stop();
});

const { verifiedUser } = accountsClient(() => ({
  app: system.app,
  secret: system.options.secret,
  store: system.ports.store,
  vault: system.ports.vault,
}));

let ipCounter = 0;
const freshIp = () => `10.77.0.${++ipCounter}`;

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${system.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': freshIp(), ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Starts a check; answers what the wallet reads from the request it is sent to. */
async function startCheck(headers: Record<string, string> = {}) {
  const started = await post('/api/age-assurance/checks', { method: 'wallet' }, headers);
  expect(started.status).toBe(201);
  const redirect = new URL(started.body.redirect as string);
  const binding: RequestBinding = {
    clientId: redirect.searchParams.get('client_id')!,
    responseUri: redirect.searchParams.get('response_uri')!,
    nonce: redirect.searchParams.get('nonce')!,
  };
  return {
    check: started.body.check as string,
    secret: started.body.secret as string,
    redirect,
    binding,
    state: redirect.searchParams.get('state')!,
  };
}

/** The wallet's direct_post, form-encoded as OpenID4VP sends it, to our server. */
async function walletPosts(vpToken: unknown, state: string) {
  const form = new URLSearchParams({ vp_token: JSON.stringify(vpToken), state });
  const response = await fetch(`${system.baseUrl}/api/age-assurance/responses`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': freshIp() },
    body: form.toString(),
  });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    returnTo: response.headers.get('x-redirect-uri'),
  };
}

const result = (check: string, secret: string) =>
  post(`/api/age-assurance/checks/${check}/result`, {}, { 'x-age-check-secret': secret });

const checkEvents = async (check: string) =>
  (await system.ports.store.readStream(streams.ageCheck(check))).map(decodeEvent);

describe('an age check with the wallet (OpenID4VP direct_post)', () => {
  it('sends the browser to the wallet with a DCQL request for age_over_18, and nothing about who asked', async () => {
    const { redirect, state, check } = await startCheck();
    expect(`${redirect.origin}${redirect.pathname}`).toBe(WALLET_URL);
    expect([...redirect.searchParams.keys()].sort()).toEqual(
      [
        'client_id',
        'client_metadata',
        'dcql_query',
        'nonce',
        'response_mode',
        'response_type',
        'response_uri',
        'state',
      ].sort(),
    );
    expect(redirect.searchParams.get('response_mode')).toBe('direct_post');
    expect(redirect.searchParams.get('response_uri')).toBe(
      'http://localhost:3000/api/age-assurance/responses',
    );
    expect(redirect.searchParams.get('client_id')).toBe(
      'redirect_uri:http://localhost:3000/api/age-assurance/responses',
    );
    expect(JSON.parse(redirect.searchParams.get('dcql_query')!)).toMatchObject({
      credentials: [
        {
          format: 'mso_mdoc',
          meta: { doctype_value: 'eu.europa.ec.av.1' },
          claims: [{ path: ['eu.europa.ec.av.1', 'age_over_18'] }],
        },
      ],
    });
    expect(state).toBe(check);
  });

  it('given a visitor, when the wallet presents age_over_18: true, then the result is assured with a token that verifies', async () => {
    const { check, secret, binding, state } = await startCheck();
    expect(await result(check, secret)).toEqual({ status: 200, body: { status: 'pending' } });
    const answer = await walletPosts(
      await presentAge({ issuer, ageOver18: true, binding, now: new Date() }),
      state,
    );
    expect(answer).toMatchObject({
      status: 200,
      body: { redirect_uri: `http://localhost:3000/age-assurance/return?check=${check}` },
    });
    const read = await result(check, secret);
    expect(read.body.status).toBe('assured');
    const token = verifyAgeToken(system.options.secret, read.body.token, new Date());
    expect(token).toMatchObject({ method: 'wallet', expiresAt: read.body.expiresAt });
    // 30 days, as configured.
    expect(Date.parse(read.body.expiresAt as string) - Date.now()).toBeGreaterThan(29 * 86_400_000);
    expect((await checkEvents(check)).map((e) => e.type)).toEqual(['AgeCheckStarted', 'AgeCheckAnswered']);
  });

  it('when the same presentation is posted again, then it is refused as a replay and nothing more is stored', async () => {
    const { check, binding, state } = await startCheck();
    const vpToken = await presentAge({ issuer, ageOver18: true, binding, now: new Date() });
    expect((await walletPosts(vpToken, state)).status).toBe(200);
    const before = outcomes.length;
    const again = await walletPosts(vpToken, state);
    expect(again.status).toBe(401);
    expect(again.body.detail).toMatch(/already been answered/);
    expect(outcomes.slice(before)).toEqual([{ outcome: 'refused', reason: 'replayed' }]);
    expect(await checkEvents(check)).toHaveLength(2);
  });

  it("when a presentation made for one check is posted to another, then it is refused (the other's nonce)", async () => {
    const first = await startCheck();
    const second = await startCheck();
    const answer = await walletPosts(
      await presentAge({ issuer, ageOver18: true, binding: first.binding, now: new Date() }),
      second.state,
    );
    expect(answer.status).toBe(401);
    expect((await result(second.check, second.secret)).body).toMatchObject({ status: 'refused' });
  });

  it('given a signed-in member, when the wallet assures, then AgeAssured is on their stream and the browser gets a token too', async () => {
    const member = await verifiedUser();
    const { check, secret, binding, state } = await startCheck({ authorization: `Bearer ${member.token}` });
    expect(
      (await walletPosts(await presentAge({ issuer, ageOver18: true, binding, now: new Date() }), state))
        .status,
    ).toBe(200);
    const read = await result(check, secret);
    expect(read.body).toMatchObject({ status: 'assured', token: expect.any(String) });
    const userKey = (await checkEvents(check))[0]!.data as { member: string };
    const events = (await system.ports.store.readStream(streams.user(userKey.member))).map(decodeEvent);
    const assured = events.filter((e) => e.type === 'AgeAssured');
    expect(assured).toHaveLength(1);
    expect(assured[0]!.data).toEqual({
      method: 'wallet',
      provider: 'local-wallet',
      assuredAt: expect.any(String),
      expiresAt: read.body.expiresAt,
    });
  });

  const refusals: [BrokenPresentation, number, RegExp][] = [
    ['under_18', 400, /age_over_18: true/],
    ['wrong_nonce', 401, /not made for this request/],
    ['wrong_audience', 401, /not made for this request/],
    ['expired', 401, /validity/],
    ['unknown_issuer', 401, /trusted/],
    ['forged_issuer_signature', 401, /signature/],
    ['tampered_signature', 401, /signature/],
    ['tampered_claim', 401, /do not match/],
  ];
  it.each(refusals)(
    'given a member, when the presentation is %s, then %i with a clear detail, refused, and no AgeAssured',
    async (kind, status, detail) => {
      const member = await verifiedUser();
      const { check, secret, binding, state } = await startCheck({ authorization: `Bearer ${member.token}` });
      const answer = await walletPosts(await brokenPresentation(kind, issuer, binding, new Date()), state);
      expect(answer.status).toBe(status);
      expect(answer.body.detail).toMatch(detail);
      expect(answer.body).toEqual({ detail: expect.any(String) });
      expect(answer.returnTo).toBe(`http://localhost:3000/age-assurance/return?check=${check}`);
      expect((await result(check, secret)).body).toEqual({ status: 'refused', detail: answer.body.detail });
      const memberKey = ((await checkEvents(check))[0]!.data as { member: string }).member;
      const events = (await system.ports.store.readStream(streams.user(memberKey))).map(decodeEvent);
      expect(events.some((e) => e.type === 'AgeAssured')).toBe(false);
    },
  );

  it('refuses an answer naming no check, a result without its secret, and an unknown check', async () => {
    expect((await walletPosts({ age_over_18: ['x'] }, 'not-a-check')).status).toBe(400);
    const { check } = await startCheck();
    expect((await result(check, 'wrong')).status).toBe(403);
    expect((await result('2b1c6f3e-0000-4000-8000-000000000000', 'x')).status).toBe(404);
  });

  it('refuses a method not offered here, naming those offered', async () => {
    const answer = await post('/api/age-assurance/checks', { method: 'hosted' });
    expect(answer).toEqual({
      status: 400,
      body: { detail: 'Age checks by hosted are not offered here; offered: wallet.' },
    });
    expect((await post('/api/age-assurance/checks', { method: 'face' })).status).toBe(400);
  });

  it('limits the checks one client starts', async () => {
    const ip = '10.78.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await post('/api/age-assurance/checks', { method: 'wallet' }, { 'x-forwarded-for': ip })).status,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
