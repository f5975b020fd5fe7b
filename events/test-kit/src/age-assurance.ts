import { randomUUID } from 'node:crypto';
import { encodeEvent, streams } from '@nocturne/events';
import type { EventStore } from '@nocturne/events/store';
import type { AddressClaims } from '@nocturne/vault';
import { accountKeyOf } from './account-key';

/**
 * Appends to the member's user stream the `AgeAssured` a completed age check appends (the local
 * test wallet's), valid until `expiresAt` (a day from now unless told); answers its position.
 * Tests use it to stand for a completed check (a creator who may publish Explicit, a member who
 * may read it) without driving the provider, which tests of the check itself do.
 *
 * @example
 *   await assureAgeOf(system.infra, creator.email);
 *   await system.settle();
 */
export async function assureAgeOf(
  infra: { vault: AddressClaims; store: EventStore },
  email: string,
  expiresAt: Date = new Date(Date.now() + 86_400_000),
): Promise<number> {
  const userKey = await accountKeyOf(infra.vault, email);
  const { position } = await infra.store.append(
    streams.user(userKey),
    [
      encodeEvent(
        {
          type: 'AgeAssured',
          data: {
            method: 'wallet',
            provider: 'local-wallet',
            assuredAt: new Date().toISOString(),
            expiresAt: expiresAt.toISOString(),
          },
        },
        { correlationId: 't', causationId: 't', actor: { kind: 'system' } },
        randomUUID(),
      ),
    ],
    'any',
  );
  return position;
}
