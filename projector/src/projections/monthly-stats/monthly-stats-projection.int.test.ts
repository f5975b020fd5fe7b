import type { DomainEvent, RecordedEvent } from '@nocturne/events';
import { describe, expect, it } from 'vitest';
import { lookupVault, useReadModelDatabase, userEventRecorder } from '../../testing/projection-test';
import { monthlyStatsProjection } from './monthly-stats-projection';

const vault = lookupVault();

const readModel = useReadModelDatabase('monthly_stats');

const recorded = userEventRecorder();

const registered = (accountId: string): DomainEvent => ({
  type: 'UserRegistered',
  data: {
    accountId,
    email: 'pii:v1:x:a:b:c',
    passwordHash: 'pii:v1:x:a:b:c',
    ageConfirmedAt: '2025-01-01T00:00:00.000Z',
    verification: { tokenDigest: 'a'.repeat(64), expiresAt: '2025-01-02T00:00:00.000Z' },
  },
});
const verified: DomainEvent = { type: 'EmailVerified', data: { tokenDigest: 'a'.repeat(64) } };
const granted: DomainEvent = { type: 'PremiumGranted', data: { stories: 30 } };

async function apply(events: RecordedEvent[]) {
  await readModel()
    .transaction()
    .execute(async (trx) => {
      // One batch: the fold per month must count as the events one by one would.
      await monthlyStatsProjection.applyBatch(trx, events, { vault });
    });
}

describe('monthly-stats projection', () => {
  it('counts registrations, verifications and premium users by UTC month, leaving empty months out', async () => {
    const a = '11111111-1111-4111-8111-111111111111';
    const b = '22222222-2222-4222-8222-222222222222';
    await apply([
      recorded(registered(a), 'ka', '2024-11-30T23:59:59Z'),
      // 00:30 on 1 December in UTC+2 is still 30 November in UTC.
      recorded(verified, 'ka', '2024-12-01T00:30:00+02:00'),
      recorded(registered(b), 'kb', '2025-02-01T00:00:00Z'),
      recorded(verified, 'kb', '2025-02-03T10:00:00Z'),
      recorded(granted, 'kb', '2025-02-04T10:00:00Z'),
      // A second grant to the same user in the same month is not a second premium user.
      recorded(granted, 'kb', '2025-02-20T10:00:00Z'),
      recorded(granted, 'ka', '2025-02-21T10:00:00Z'),
      recorded(granted, 'kb', '2025-03-01T00:00:00Z'),
    ]);
    const rows = await readModel().selectFrom('monthly_stats').selectAll().orderBy('month').execute();
    expect(rows).toEqual([
      { month: '2024-11', registrations: 1, verified: 1, premium: 0 },
      { month: '2025-02', registrations: 1, verified: 1, premium: 2 },
      { month: '2025-03', registrations: 0, verified: 0, premium: 1 },
    ]);
  });
});
