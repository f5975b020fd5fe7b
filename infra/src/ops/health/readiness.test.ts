import type { ProjectionStatus, ReactorFailure } from '@nocturne/projector';
import { describe, expect, it } from 'vitest';
import { checkReadiness, type ReadinessSources } from './readiness';

const running = (name: string, lagMs = 0): ProjectionStatus => ({ name, position: 10, lagMs });
const noMail = { retrying: [], failed: [] };

function sources(overrides: Partial<ReadinessSources> = {}): ReadinessSources {
  return {
    database: async () => {},
    projections: async () => [running('stories'), running('users')],
    mail: async () => noMail,
    ...overrides,
  };
}

describe('readiness', () => {
  it('is ready when the database answers and every projection keeps up', async () => {
    const report = await checkReadiness(sources({ projections: async () => [running('stories', 4900)] }));
    expect(report).toMatchObject({ ready: true, problems: [], database: 'ok' });
    expect(report.projections).toEqual([
      { name: 'stories', position: 10, lagSeconds: 4.9, state: 'running' },
    ]);
  });

  it('is not ready while a projection is more than 5 s behind the head, and says which', async () => {
    const report = await checkReadiness(
      sources({ projections: async () => [running('stories'), running('users', 5200)] }),
    );
    expect(report.ready).toBe(false);
    expect(report.problems).toEqual(['projection users is 5.2 s behind the head of the log']);
    expect(report.projections[1]).toMatchObject({ name: 'users', state: 'behind' });
  });

  it('is not ready when the database does not answer, or not in time', async () => {
    const refused = await checkReadiness(
      sources({
        database: async () => {
          throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
        },
      }),
    );
    expect(refused).toMatchObject({ ready: false, database: 'unreachable' });
    expect(refused.problems).toEqual(['database unreachable (ECONNREFUSED)']);
    const hung = await checkReadiness(sources({ database: () => new Promise(() => {}) }), { timeoutMs: 50 });
    expect(hung.problems).toEqual(['database unreachable (timeout)']);
  });

  it('lists refused and pending mail without making the service unready', async () => {
    const at = new Date('2026-01-01T00:00:00Z');
    const failure = (state: ReactorFailure['state'], position: number): ReactorFailure => ({
      reactor: 'account-mail',
      position,
      eventType: 'UserRegistered',
      state,
      attempts: 1,
      reason: state === 'refused' ? 'SMTP 550' : 'SMTP 451',
      nextAttemptAt: state === 'retrying' ? at : null,
      updatedAt: at,
    });
    const report = await checkReadiness(
      sources({
        mail: async () => ({ retrying: [failure('retrying', 8)], failed: [failure('refused', 7)] }),
      }),
    );
    expect(report.ready).toBe(true);
    expect(report.mail).toEqual({
      retrying: [
        {
          position: 8,
          eventType: 'UserRegistered',
          reason: 'SMTP 451',
          attempts: 1,
          at: at.toISOString(),
          nextAttemptAt: at.toISOString(),
        },
      ],
      refused: [
        {
          position: 7,
          eventType: 'UserRegistered',
          reason: 'SMTP 550',
          attempts: 1,
          at: at.toISOString(),
          state: 'refused',
        },
      ],
    });
  });
});
