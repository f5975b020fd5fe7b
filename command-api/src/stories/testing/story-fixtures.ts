import { encodeEvent, streams } from '@nocturne/events';
import type { EventStore } from '@nocturne/events/store';
import { newSessionToken } from '@nocturne/http-kit/auth';
import { accountKeyOf } from '@nocturne/test-kit/account-key';
import { signUp } from '@nocturne/test-kit/api-client';
import type { AddressClaims } from '@nocturne/vault';

/**
 * Signs up without verifying and returns a session token for that account. Login refuses
 * unverified accounts, so the session is appended to the user stream directly.
 */
export async function unverifiedSession(
  system: {
    baseUrl: string;
    options: { secret: string };
    ports: { store: EventStore; vault: AddressClaims };
  },
  email: string,
): Promise<string> {
  await signUp(system.baseUrl, email, 'secret-pass');
  const session = newSessionToken(await accountKeyOf(system.ports.vault, email));
  const event = encodeEvent(
    {
      type: 'UserLoggedIn',
      data: { sessionDigest: session.digest, expiresAt: new Date(Date.now() + 3_600_000).toISOString() },
    },
    { correlationId: 'test', causationId: 'test', actor: { kind: 'system' } },
  );
  await system.ports.store.append(streams.user(session.userKey), [event], 'stream_exists');
  return session.token;
}
