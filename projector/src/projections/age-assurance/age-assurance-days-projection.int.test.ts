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
          .where('viewer', '=', 'member')
          .orderBy('day')
          .orderBy('method')
          .execute(),
      [
        { day: '2026-03-01', method: 'wallet', provider: 'local-wallet', assurances: 2 },
        { day: '2026-03-02', method: 'hosted', provider: 'yoti', assurances: 2 },
      ],
    );
  });

  it("counts a visitor's assured check on its answer's day with the method and provider its start named, whatever the batches; a member's check only by their AgeAssured", async () => {
    const started = (member: string | null, provider: string, expiresAt: string): DomainEvent => ({
      type: 'AgeCheckStarted',
      data: { method: 'wallet', provider, member, reference: null, expiresAt },
    });
    const answered = (outcome: 'assured' | 'refused'): DomainEvent => ({
      type: 'AgeCheckAnswered',
      data: {
        outcome,
        reason: outcome === 'refused' ? 'under_18' : null,
        assuranceExpiresAt: outcome === 'assured' ? '2027-04-01T00:00:00.000Z' : null,
      },
    });
    const check = (id: string) => streams.ageCheck(id);
    // The first batch starts three visitors' checks and a member's; one visitor is answered at once.
    await given(
      recorded(
        started(null, 'local-wallet', '2026-04-01T10:10:00.000Z'),
        check('v1'),
        '2026-04-01T10:00:00Z',
      ),
      recorded(started(null, 'eu-wallet', '2026-04-01T23:59:00.000Z'), check('v2'), '2026-04-01T23:50:00Z'),
      recorded(
        started(null, 'local-wallet', '2026-04-02T10:10:00.000Z'),
        check('v3'),
        '2026-04-02T10:00:00Z',
      ),
      recorded(
        started('member-key', 'local-wallet', '2026-04-02T10:10:00.000Z'),
        check('m1'),
        '2026-04-02T10:00:00Z',
      ),
      recorded(answered('assured'), check('v1'), '2026-04-01T10:01:00Z'),
    ).project();
    // The next: v2 answered after midnight (counted on its answer's day), v3 refused, the member's assured.
    await given(
      recorded(answered('assured'), check('v2'), '2026-04-02T00:01:00Z'),
      recorded(answered('refused'), check('v3'), '2026-04-02T10:01:00Z'),
      recorded(answered('assured'), check('m1'), '2026-04-02T10:01:00Z'),
    ).thenRows(
      (db) =>
        db
          .selectFrom('age_assurance_days')
          .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), 'provider', 'assurances'])
          .where('viewer', '=', 'visitor')
          .orderBy('day')
          .execute(),
      [
        { day: '2026-04-01', provider: 'local-wallet', assurances: 1 },
        { day: '2026-04-02', provider: 'eu-wallet', assurances: 1 },
      ],
    );
    // Every check answered: none is kept.
    await given().thenRows((db) => db.selectFrom('age_visitor_checks').selectAll().execute(), []);
  });
});
