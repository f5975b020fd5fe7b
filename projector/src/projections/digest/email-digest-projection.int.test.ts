import type { DomainEvent } from '@nocturne/events';
import { TEST_ACCOUNT_ID } from '@nocturne/events/testing';
import { describe, it } from 'vitest';
import {
  eventRecorder,
  lookupVault,
  projectionSpec,
  useReadModelDatabase,
} from '../../testing/projection-test';
import { emailDigestProjection } from './email-digest-projection';

const readModel = useReadModelDatabase('digest');
const record = eventRecorder();
const chosen = (enabled: boolean): DomainEvent => ({ type: 'EmailDigestChosen', data: { enabled } });

describe('email-digest projection', () => {
  const given = projectionSpec(emailDigestProjection, readModel, { vault: lookupVault() });

  it('keeps the members whose digest is on; turning it off and a deleted account leave no row', async () => {
    await given(
      record(chosen(true), 'user-a', '2026-01-01T00:00:00Z'),
      record(chosen(true), 'user-b', '2026-01-01T00:00:00Z'),
      record(chosen(false), 'user-b', '2026-01-02T00:00:00Z'),
      record(chosen(true), 'user-c', '2026-01-02T00:00:00Z'),
      record({ type: 'UserDeleted', data: { accountId: TEST_ACCOUNT_ID } }, 'user-c', '2026-01-03T00:00:00Z'),
      record(chosen(false), 'user-d', '2026-01-03T00:00:00Z'),
      record(chosen(true), 'user-d', '2026-01-04T00:00:00Z'),
    ).thenRows(
      (db) => db.selectFrom('email_digest_members').selectAll().orderBy('user_key').execute(),
      [{ user_key: 'a' }, { user_key: 'd' }],
    );
  });
});
