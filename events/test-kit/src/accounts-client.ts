import { randomUUID } from 'node:crypto';
import { decodeEvent, type RecordedEvent, streams } from '@nocturne/events';
import type { EventStore } from '@nocturne/events/store';
import type { AddressClaims } from '@nocturne/vault';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { accountKeyOf } from './account-key';

/**
 * What the account tests drive: the whole system (infra's test system) or command-api alone
 * (its test app): the server, the secret of its HMACs, its event store and the vault that holds
 * each address's claim on its account.
 */
export interface AccountsTarget {
  app: FastifyInstance;
  secret: string;
  store: EventStore;
  vault: AddressClaims;
}

export interface Answer {
  status: number;
  body: Record<string, unknown>;
  position: string | undefined;
}

export const newEmail = () => `user-${randomUUID().slice(0, 8)}@example.com`;

/**
 * Calls of the account routes through `inject`, each from its own address unless told. Takes a
 * getter so that a test file can destructure it at the top, before `beforeAll` starts the target.
 */
export function accountsClient(targetOf: () => AccountsTarget) {
  // Each call speaks from its own address, so the per-IP limits of one test do not touch another.
  let ipCounter = 0;
  const freshIp = () => {
    ipCounter++;
    return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
  };

  async function call(
    method: 'GET' | 'POST',
    url: string,
    options: { body?: unknown; token?: string; ip?: string; minPosition?: string | undefined } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.minPosition) headers['x-min-position'] = options.minPosition;
    const response = await targetOf().app.inject({
      method,
      url,
      headers,
      ...(options.body === undefined ? {} : { payload: options.body as object }),
      remoteAddress: options.ip ?? freshIp(),
    });
    return {
      status: response.statusCode,
      body: response.body ? (response.json() as Record<string, unknown>) : {},
      position: response.headers['x-event-position'] as string | undefined,
    };
  }

  async function userEvents(email: string): Promise<RecordedEvent[]> {
    const target = targetOf();
    const stored = await target.store.readStream(streams.user(await accountKeyOf(target.vault, email)));
    return stored.map(decodeEvent);
  }

  async function signUp(email: string, password = 'correct horse', ip?: string) {
    return call('POST', '/api/auth/signup', { body: { email, password, age_confirmed: true }, ip });
  }

  /** Signs up and verifies; returns the session of a login. */
  async function verifiedUser(email = newEmail(), password = 'correct horse') {
    const signup = await signUp(email, password);
    const verify = await call('POST', '/api/auth/verify-email', {
      body: { token: signup.body.verification_token },
    });
    expect(verify.status).toBe(200);
    const login = await call('POST', '/api/auth/login', { body: { email, password } });
    expect(login.status).toBe(200);
    return { email, password, token: login.body.token as string, position: login.position };
  }

  return { call, freshIp, userEvents, signUp, verifiedUser };
}
