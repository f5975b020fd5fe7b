import type { DomainEvent } from '@nocturne/events';
import { TEST_ACCOUNT_ID } from '@nocturne/events/testing';
import { describe, it } from 'vitest';
import {
  eventRecorder,
  lookupVault,
  projectionSpec,
  useReadModelDatabase,
} from '../../testing/projection-test';
import { ageAssurancesProjection } from './age-assurances-projection';

const readModel = useReadModelDatabase('age_assurances');
const record = eventRecorder();
const assured = (
  method: 'wallet' | 'hosted',
  provider: string,
  assuredAt: string,
  expiresAt: string,
): DomainEvent => ({ type: 'AgeAssured', data: { method, provider, assuredAt, expiresAt } });

describe('age-assurances projection', () => {
  const given = projectionSpec(ageAssurancesProjection, readModel, { vault: lookupVault() });

  it("keeps each member's latest assurance; a deleted account leaves no row", async () => {
    await given(
      record(
        assured('hosted', 'yoti', '2026-01-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z'),
        'user-a',
        '2026-01-01T00:00:00Z',
      ),
      record(
        assured('wallet', 'local-wallet', '2026-03-01T00:00:00.000Z', '2027-03-01T00:00:00.000Z'),
        'user-a',
        '2026-03-01T00:00:00Z',
      ),
      record(
        assured('wallet', 'eudi-wallet', '2026-01-02T00:00:00.000Z', '2027-01-02T00:00:00.000Z'),
        'user-b',
        '2026-01-02T00:00:00Z',
      ),
      record({ type: 'UserDeleted', data: { accountId: TEST_ACCOUNT_ID } }, 'user-b', '2026-01-03T00:00:00Z'),
      record(
        assured('hosted', 'yoti', '2026-02-01T00:00:00.000Z', '2026-08-01T00:00:00.000Z'),
        'user-c',
        '2026-02-01T00:00:00Z',
      ),
    ).thenRows(
      (db) => db.selectFrom('age_assurances').selectAll().orderBy('user_key').execute(),
      [
        {
          user_key: 'a',
          method: 'wallet',
          provider: 'local-wallet',
          assured_at: new Date('2026-03-01T00:00:00.000Z'),
          expires_at: new Date('2027-03-01T00:00:00.000Z'),
        },
        {
          user_key: 'c',
          method: 'hosted',
          provider: 'yoti',
          assured_at: new Date('2026-02-01T00:00:00.000Z'),
          expires_at: new Date('2026-08-01T00:00:00.000Z'),
        },
      ],
    );
  });
});
