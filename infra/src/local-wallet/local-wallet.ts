import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import formBody from '@fastify/formbody';
import { createTestIssuer, presentAge, type TestIssuer } from '@nocturne/command-api';
import Fastify, { type FastifyInstance } from 'fastify';
import { certificatesOfPem } from '../config';
import { consentPage, problemPage } from './wallet-pages';

export interface LocalWalletOptions {
  /** Its test issuer is kept in `${dataDir}/local-wallet`. */
  dataDir: string;
  port: number;
  host?: string;
  clock?: () => Date;
  log?: (line: string) => void;
}

export interface LocalWallet {
  url: string;
  /** Where a verifier sends the browser with its OpenID4VP request. */
  authorizeUrl: string;
  app: FastifyInstance;
  /** Its issuer's certificate (DER), for the verifier's trust list. */
  trustedCertificates: Uint8Array[];
  stop(): Promise<void>;
}

const issuerFileOf = (dataDir: string) => join(dataDir, 'local-wallet', 'issuer.json');

/** The wallet's test issuer: made at the first start, kept (mode 600) so restarts keep trusting it. */
export async function keptTestIssuer(dataDir: string, now: Date): Promise<TestIssuer> {
  const file = issuerFileOf(dataDir);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as TestIssuer;
  const issuer = await createTestIssuer(now);
  mkdirSync(join(dataDir, 'local-wallet'), { recursive: true });
  writeFileSync(file, JSON.stringify(issuer), { mode: 0o600 });
  chmodSync(file, 0o600);
  return issuer;
}

export class WalletRefusal extends Error {}

/**
 * The OpenID4VP request the wallet was sent with, as the age-verification profile makes it: a
 * DCQL query for the age attestation, answered by direct_post to `response_uri`, which the
 * `redirect_uri:` client id names.
 */
export function readRequest(query: string): {
  responseUri: string;
  clientId: string;
  nonce: string;
  state: string;
} {
  const params = new URLSearchParams(query);
  const get = (name: string) => {
    const value = params.get(name);
    if (!value) throw new WalletRefusal(`The request has no ${name}.`);
    return value;
  };
  if (get('response_type') !== 'vp_token')
    throw new WalletRefusal('The request does not ask for a vp_token.');
  if (get('response_mode') !== 'direct_post')
    throw new WalletRefusal('The request is not answered by direct_post.');
  const responseUri = get('response_uri');
  const clientId = get('client_id');
  if (clientId !== `redirect_uri:${responseUri}`)
    throw new WalletRefusal('The client_id is not redirect_uri:<response_uri>.');
  if (!/^https?:\/\//.test(responseUri)) throw new WalletRefusal('The response_uri is not an http(s) URL.');
  if (!get('dcql_query').includes('eu.europa.ec.av.1'))
    throw new WalletRefusal('The request asks for no age attestation.');
  return { responseUri, clientId, nonce: get('nonce'), state: get('state') };
}

/**
 * The local test wallet that `npm start` runs beside the product (as the local processor): its
 * page answers a verifier's OpenID4VP request with a real age attestation from its own test
 * issuer, saying over or under 18 as the tester chooses, posted to the verifier like a real
 * wallet's, then sends the browser where the verifier says.
 */
export async function startLocalWallet(options: LocalWalletOptions): Promise<LocalWallet> {
  const clock = options.clock ?? (() => new Date());
  const issuer = await keptTestIssuer(options.dataDir, clock());
  const app = Fastify({ logger: false });
  await app.register(formBody, { bodyLimit: 16 * 1024 });

  app.get('/authorize', async (request, reply) => {
    const query = request.url.split('?')[1] ?? '';
    try {
      const { clientId } = readRequest(query);
      return reply.type('text/html').send(consentPage(query, clientId));
    } catch (error) {
      if (!(error instanceof WalletRefusal)) throw error;
      return reply.code(400).type('text/html').send(problemPage(error.message));
    }
  });

  app.post('/present', async (request, reply) => {
    const body = (request.body ?? {}) as { request?: string; answer?: string };
    let target: ReturnType<typeof readRequest>;
    try {
      target = readRequest(body.request ?? '');
    } catch (error) {
      if (!(error instanceof WalletRefusal)) throw error;
      return reply.code(400).type('text/html').send(problemPage(error.message));
    }
    const vpToken = await presentAge({
      issuer,
      ageOver18: body.answer === 'over-18',
      binding: { clientId: target.clientId, responseUri: target.responseUri, nonce: target.nonce },
      now: clock(),
    });
    const answer = await fetch(target.responseUri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ vp_token: JSON.stringify(vpToken), state: target.state }).toString(),
    }).catch(() => null);
    const answerBody = answer
      ? ((await answer.json().catch(() => ({}))) as { redirect_uri?: string; detail?: string })
      : {};
    options.log?.(
      `presented ${body.answer === 'over-18' ? 'over 18' : 'under 18'}: the verifier answered ${answer?.status ?? 'nothing'}`,
    );
    // Assured: the answer's redirect_uri; refused: the verifier's X-Redirect-Uri (its result page).
    const returnTo = answerBody.redirect_uri ?? answer?.headers.get('x-redirect-uri') ?? undefined;
    if (typeof returnTo === 'string' && /^https?:\/\//.test(returnTo)) return reply.redirect(returnTo, 303);
    return reply
      .code(502)
      .type('text/html')
      .send(problemPage(answerBody.detail ?? 'The service did not answer the presentation.'));
  });

  const address = await app.listen({ port: options.port, host: options.host ?? '127.0.0.1' });
  const port = new URL(address).port;
  const url = `http://localhost:${port}`;
  return {
    url,
    authorizeUrl: `${url}/authorize`,
    app,
    trustedCertificates: certificatesOfPem(issuer.certificatePem),
    stop: () => app.close(),
  };
}
