import type { DomainEvent } from '@nocturne/events';
import { userRegistered } from '@nocturne/events/testing';
import { describe, it } from 'vitest';
import {
  lookupVault,
  projectionSpec,
  useReadModelDatabase,
  userEventRecorder,
} from '../../testing/projection-test';
import { monthlyStatsProjection } from './monthly-stats-projection';

const vault = lookupVault();

const readModel = useReadModelDatabase('monthly_stats');

const recorded = userEventRecorder();

const registered = (accountId: string) => userRegistered({ accountId, email: 'pii:v1:x:a:b:c' });
const verified: DomainEvent = { type: 'EmailVerified', data: { tokenDigest: 'a'.repeat(64) } };
const granted: DomainEvent = { type: 'PremiumGranted', data: { stories: 30 } };

const given = projectionSpec(monthlyStatsProjection, readModel, { vault });

describe('monthly-stats projection', () => {
  it('counts registrations, verifications and premium users by UTC month, leaving empty months out', async () => {
    const a = '11111111-1111-4111-8111-111111111111';
    const b = '22222222-2222-4222-8222-222222222222';
    await given(
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
    ).thenRows(
      (db) => db.selectFrom('monthly_stats').selectAll().orderBy('month').execute(),
      [
        { month: '2024-11', registrations: 1, verified: 1, premium: 0 },
        { month: '2025-02', registrations: 1, verified: 1, premium: 2 },
        { month: '2025-03', registrations: 0, verified: 0, premium: 1 },
      ],
    );
  });
});
