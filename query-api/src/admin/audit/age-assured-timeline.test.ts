import { randomUUID } from 'node:crypto';
import { streams } from '@nocturne/events';
import { MemoryEventStore } from '@nocturne/events/store/memory';
import { given, userRegistered } from '@nocturne/events/testing';
import type { ReadModel } from '@nocturne/projector/read-model';
import { MemoryPiiVault } from '@nocturne/vault';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { formatHistory } from '../history/format-history';
import { replayUserHistory } from '../history/replay-user-history';
import { accountTimeline } from './account-timeline';

describe('the account timeline shows each age assurance, and nothing personal of it', () => {
  it('given two AgeAssured on the stream, the timeline has a row each with its method, provider and expiry', async () => {
    const store = new MemoryEventStore();
    const vault = new MemoryPiiVault();
    const email = 'assured@example.test';
    const userKey = randomUUID().replaceAll('-', '');
    const accountId = randomUUID();
    await vault.claimAddress(vault.addressDigest(email), { userKey, accountId });
    await given(store, streams.user(userKey), [
      userRegistered({ accountId, email: await vault.encrypt(accountId, email) }),
      {
        type: 'AgeAssured',
        data: {
          method: 'wallet',
          provider: 'local-wallet',
          assuredAt: '2026-01-05T10:00:00.000Z',
          expiresAt: '2027-01-05T10:00:00.000Z',
        },
      },
      {
        type: 'AgeAssured',
        data: {
          method: 'hosted',
          provider: 'yoti',
          assuredAt: '2027-02-01T10:00:00.000Z',
          expiresAt: '2028-02-01T10:00:00.000Z',
        },
      },
    ]);
    const now = new Date('2030-01-01T00:00:00.000Z');
    const deps = { store, vault, db: {} as Kysely<ReadModel>, readsPersonalData: false };
    const timeline = await accountTimeline(deps, { email }, now, now);
    const assured = timeline!.rows.filter((row) => row.event === 'AgeAssured');
    expect(assured.map((row) => [row.assurance_method, row.assurance_provider, row.assured_until])).toEqual([
      ['wallet', 'local-wallet', '2027-01-05T10:00:00.000Z'],
      ['hosted', 'yoti', '2028-02-01T10:00:00.000Z'],
    ]);
    for (const row of assured) {
      expect(row).toMatchObject({ amount: null, transaction_id: null, payment_method: null, story_id: null });
    }
    const text = formatHistory(await replayUserHistory({ store, vault }, email, now));
    expect(text).toContain('age assured: hosted (yoti), until 2028-02-01T10:00:00.000Z');
  });
});
