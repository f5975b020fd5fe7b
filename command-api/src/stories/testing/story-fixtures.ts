import { encodeEvent, streams, userKeyOf } from '@nocturne/events';
import type { EventStore } from '@nocturne/events/store';
import { newSessionToken } from '@nocturne/http-kit/auth';
import { signUp } from '@nocturne/test-kit/api-client';

/**
 * Signs up without verifying and returns a session token for that account. Login refuses
 * unverified accounts, so the session is appended to the user stream directly.
 */
export async function unverifiedSession(
  system: { baseUrl: string; options: { secret: string }; ports: { store: EventStore } },
  email: string,
): Promise<string> {
  await signUp(system.baseUrl, email, 'secret-pass');
  const session = newSessionToken(userKeyOf(email, system.options.secret));
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
