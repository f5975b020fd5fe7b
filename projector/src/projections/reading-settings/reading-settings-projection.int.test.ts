import { DEFAULT_READING_SETTINGS, type ReadingSettings } from '@nocturne/domain';
import type { DomainEvent } from '@nocturne/events';
import { TEST_ACCOUNT_ID } from '@nocturne/events/testing';
import { describe, it } from 'vitest';
import {
  eventRecorder,
  lookupVault,
  projectionSpec,
  useReadModelDatabase,
} from '../../testing/projection-test';
import { readingSettingsProjection } from './reading-settings-projection';

const readModel = useReadModelDatabase('reading_settings');
const record = eventRecorder();
const chosen = (settings: Partial<ReadingSettings>): DomainEvent => ({
  type: 'ReadingSettingsChosen',
  data: { ...DEFAULT_READING_SETTINGS, ...settings },
});

describe('reading-settings projection', () => {
  const given = projectionSpec(readingSettingsProjection, readModel, { vault: lookupVault() });

  it("keeps each member's latest choice; a deleted account leaves no row", async () => {
    await given(
      record(chosen({ theme: 'sepia' }), 'user-a', '2026-01-01T00:00:00Z'),
      record(chosen({ theme: 'light', textSize: 'large' }), 'user-a', '2026-01-02T00:00:00Z'),
      record(chosen({ typeface: 'sans' }), 'user-b', '2026-01-01T00:00:00Z'),
      record({ type: 'UserDeleted', data: { accountId: TEST_ACCOUNT_ID } }, 'user-b', '2026-01-03T00:00:00Z'),
      record(chosen({ reducedMotion: true, transition: 'none' }), 'user-c', '2026-01-03T00:00:00Z'),
    ).thenRows(
      (db) => db.selectFrom('reading_settings').selectAll().orderBy('user_key').execute(),
      [
        { user_key: 'a', settings: { ...DEFAULT_READING_SETTINGS, theme: 'light', textSize: 'large' } },
        { user_key: 'c', settings: { ...DEFAULT_READING_SETTINGS, reducedMotion: true, transition: 'none' } },
      ],
    );
  });
});
