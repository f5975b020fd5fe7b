import { type DomainEvent, streams } from '@nocturne/events';
import { sql } from 'kysely';
import { describe, it } from 'vitest';
import {
  eventRecorder,
  lookupVault,
  projectionSpec,
  useReadModelDatabase,
} from '../../testing/projection-test';
import { ageAssuranceDaysProjection } from './age-assurance-days-projection';

const readModel = useReadModelDatabase('age_assurance_days_projection');
const given = projectionSpec(ageAssuranceDaysProjection, readModel, { vault: lookupVault() });
const recorded = eventRecorder();

const assured = (method: 'wallet' | 'hosted', provider: string, assuredAt: string): DomainEvent => ({
  type: 'AgeAssured',
  data: { method, provider, assuredAt, expiresAt: '2030-01-01T00:00:00.000Z' },
});

describe('age assurances per day', () => {
  it('counts each AgeAssured on its own UTC day, method and provider, adding batch to batch', async () => {
    await given(
      recorded(
        assured('wallet', 'local-wallet', '2026-03-01T23:59:00.000Z'),
        streams.user('a'),
        '2026-03-01T23:59:00Z',
      ),
      recorded(
        assured('wallet', 'local-wallet', '2026-03-01T08:00:00.000Z'),
        streams.user('b'),
        '2026-03-02T00:01:00Z',
      ),
      recorded(
        assured('hosted', 'yoti', '2026-03-02T00:01:00.000Z'),
        streams.user('c'),
        '2026-03-02T00:01:00Z',
      ),
    ).project();
    await given(
      recorded(
        assured('hosted', 'yoti', '2026-03-02T10:00:00.000Z'),
        streams.user('a'),
        '2026-03-02T10:00:00Z',
      ),
    ).thenRows(
      (db) =>
        db
          .selectFrom('age_assurance_days')
          .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), 'method', 'provider', 'assurances'])
          .orderBy('day')
          .orderBy('method')
          .execute(),
      [
        { day: '2026-03-01', method: 'wallet', provider: 'local-wallet', assurances: 2 },
        { day: '2026-03-02', method: 'hosted', provider: 'yoti', assurances: 2 },
      ],
    );
  });
});
