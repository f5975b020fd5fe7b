import { randomUUID } from 'node:crypto';
import { encodeEvent, streams } from '@nocturne/events';
import type { EventStore } from '@nocturne/events/store';
import type { AgeAssurancePolicy } from '@nocturne/http-kit/auth';

/**
 * The demo's creators confirm their age on their first day, as the Explicit stories they publish
 * later require: `AgeAssured` on each one's stream, as a wallet check records it (local wallet,
 * valid for the policy's days). The check itself is not replayed a year back: the local wallet's
 * test issuer is made at the first start, today, so its certificate was not valid then. A policy
 * that is `off` asks for nothing, and nothing is recorded.
 */
export async function assureDemoCreators(
  store: EventStore,
  policy: AgeAssurancePolicy,
  userKeys: readonly string[],
  now: Date,
): Promise<void> {
  if (policy.mode === 'off') return;
  const expiresAt = new Date(now.getTime() + policy.validityDays * 86_400_000).toISOString();
  for (const userKey of userKeys) {
    const id = randomUUID();
    const event = encodeEvent(
      {
        type: 'AgeAssured',
        data: { method: 'wallet', provider: 'local-wallet', assuredAt: now.toISOString(), expiresAt },
      },
      { correlationId: id, causationId: id, actor: { kind: 'system' } },
    );
    await store.append(streams.user(userKey), [event], 'stream_exists');
  }
}
