import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { verifyAgeToken } from '@nocturne/http-kit/auth';
import { adminToken } from '@nocturne/test-kit/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSystem, TEST_ADMIN_PASSWORD, type TestSystem } from '../system/test-system';
import { keptTestIssuer, type LocalWallet, startLocalWallet } from './local-wallet';

/** The product with the local wallet, as `npm start` runs them: the check through the wallet's page. */
let system: TestSystem;
let wallet: LocalWallet;
let walletData: string;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  walletData = await mkdtemp(join(tmpdir(), 'nocturne-wallet-'));
  wallet = await startLocalWallet({ dataDir: walletData, port: 0 });
  const port = await freePort();
  system = await startTestSystem({
    port,
    // The wallet posts to the response_uri the product names: this system's own address.
    publicUrl: `http://127.0.0.1:${port}`,
    ageWallet: {
      provider: 'local-wallet',
      walletUrl: wallet.authorizeUrl,
      trustedCertificates: wallet.trustedCertificates,
    },
  });
});
afterAll(async () => {
  await system?.stop();
  await wallet?.stop();
  await rm(walletData, { recursive: true, force: true });
});

async function startCheck() {
  const response = await fetch(`${system.baseUrl}/api/age-assurance/checks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ method: 'wallet' }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { check: string; secret: string; redirect: string };
}

/** The tester's click on the wallet's page: where the wallet sends the browser next. */
async function present(redirect: string, answer: 'over-18' | 'under-18') {
  const page = await fetch(redirect);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('Present: over 18 (age_over_18 true)');
  expect(html).toContain('Present: under 18 (age_over_18 false)');
  const response = await fetch(`${wallet.url}/present`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ request: new URL(redirect).search.slice(1), answer }).toString(),
    redirect: 'manual',
  });
  expect(response.status).toBe(303);
  return response.headers.get('location');
}

const result = async (check: string, secret: string) =>
  (await (
    await fetch(`${system.baseUrl}/api/age-assurance/checks/${check}/result`, {
      method: 'POST',
      headers: { 'x-age-check-secret': secret },
    })
  ).json()) as Record<string, unknown>;

describe('the local test wallet', () => {
  it('keeps its test issuer across restarts (the product keeps trusting it)', async () => {
    const again = await keptTestIssuer(walletData, new Date());
    expect(again).toEqual(await keptTestIssuer(walletData, new Date()));
  });

  it('given a visitor who chooses over 18, then the wallet sends them back and the result is a token that verifies', async () => {
    const { check, secret, redirect } = await startCheck();
    expect(redirect.startsWith(`${wallet.authorizeUrl}?`)).toBe(true);
    expect(await present(redirect, 'over-18')).toBe(
      `${system.config.publicUrl}/age-assurance/return?check=${check}`,
    );
    const read = await result(check, secret);
    expect(read.status).toBe('assured');
    expect(verifyAgeToken(system.config.secret, read.token, new Date())).toMatchObject({ method: 'wallet' });
  });

  it('given a visitor who chooses under 18, then they are sent back and the result is refused, with no token', async () => {
    const { check, secret, redirect } = await startCheck();
    expect(await present(redirect, 'under-18')).toBe(
      `${system.config.publicUrl}/age-assurance/return?check=${check}`,
    );
    expect(await result(check, secret)).toEqual({
      status: 'refused',
      detail: 'The attestation does not show age_over_18: true.',
    });
  });

  it("counts the visitor's assurance in the staff's panel, and not their refusal", async () => {
    await system.settle();
    const code = await adminToken(system.baseUrl, TEST_ADMIN_PASSWORD);
    const stats = (await (
      await fetch(`${system.baseUrl}/api/admin/age-assurances`, { headers: { 'X-Admin-Code': code } })
    ).json()) as {
      days: { wallet: number; visitors: number }[];
      providers: { provider: string; assurances: number; visitors: number }[];
    };
    expect(stats.days.at(-1)).toMatchObject({ wallet: 1, visitors: 1 });
    expect(stats.providers).toEqual([
      { method: 'wallet', provider: 'local-wallet', assurances: 1, visitors: 1 },
    ]);
  });

  it('counts assurances and refusals in /metrics', async () => {
    const metrics = await (await fetch(`${system.baseUrl}/metrics`)).text();
    expect(metrics).toMatch(/nocturne_age_assurances_total\{method="wallet",provider="local-wallet"\} [1-9]/);
    expect(metrics).toMatch(/nocturne_age_assurance_refusals_total\{reason="not_over_18"\} [1-9]/);
  });

  it('refuses a request that is not an OpenID4VP age request', async () => {
    const page = await fetch(`${wallet.url}/authorize?response_type=code`);
    expect(page.status).toBe(400);
  });
});
