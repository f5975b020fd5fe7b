import type { DomainEvent } from '@nocturne/events';
import { streams } from '@nocturne/events';
import { describe, it } from 'vitest';
import {
  eventRecorder,
  lookupVault,
  projectionSpec,
  useReadModelDatabase,
} from '../../testing/projection-test';
import { readingProjection } from './reading-projection';

const readModel = useReadModelDatabase('reading');
const given = projectionSpec(readingProjection, readModel, { vault: lookupVault() });

const record = eventRecorder();
/** The event as recorded on `streamName` at `at`. */
const on = (streamName: string, event: DomainEvent, at: string) => record(event, streamName, at);
const reading = (userKey: string, storyId: string, event: DomainEvent, at: string) =>
  on(streams.reading(userKey, storyId), event, at);
const progress = (storyId: string, slide: number): DomainEvent => ({
  type: 'ReadingProgressRecorded',
  data: { storyId, slide },
});
const finished = (storyId: string): DomainEvent => ({ type: 'StoryFinished', data: { storyId } });
const saved = (storyId: string): DomainEvent => ({ type: 'StorySaved', data: { storyId } });
const unsaved = (storyId: string): DomainEvent => ({ type: 'StoryUnsaved', data: { storyId } });

const rowsOf = (userKey: string) => (db: ReturnType<typeof readModel>) =>
  db.selectFrom('reading').selectAll().where('user_key', '=', userKey).orderBy('story_id').execute();
const t = (iso: string) => new Date(iso);

describe('reading projection', () => {
  it('keeps one row per reader and story: last slide, finished and saved with their times', async () => {
    await given(
      reading('a1', 's1', progress('s1', 0), '2026-01-01T10:00:00Z'),
      reading('a1', 's1', progress('s1', 3), '2026-01-01T10:01:00Z'),
      reading('a1', 's2', saved('s2'), '2026-01-01T10:02:00Z'),
      reading('a1', 's3', progress('s3', 9), '2026-01-01T10:03:00Z'),
      reading('a1', 's3', finished('s3'), '2026-01-01T10:04:00Z'),
    ).thenRows(rowsOf('a1'), [
      {
        user_key: 'a1',
        story_id: 's1',
        slide: 3,
        finished: false,
        saved: false,
        updated_at: t('2026-01-01T10:01:00Z'),
        finished_at: null,
        saved_at: null,
      },
      {
        user_key: 'a1',
        story_id: 's2',
        slide: null,
        finished: false,
        saved: true,
        updated_at: t('2026-01-01T10:02:00Z'),
        finished_at: null,
        saved_at: t('2026-01-01T10:02:00Z'),
      },
      {
        user_key: 'a1',
        story_id: 's3',
        slide: 9,
        finished: true,
        saved: false,
        updated_at: t('2026-01-01T10:04:00Z'),
        finished_at: t('2026-01-01T10:04:00Z'),
        saved_at: null,
      },
    ]);
  });

  it('builds on the rows of an earlier batch (unsaving keeps the progress)', async () => {
    await given(
      reading('b1', 's1', progress('s1', 2), '2026-01-02T10:00:00Z'),
      reading('b1', 's1', saved('s1'), '2026-01-02T10:01:00Z'),
    ).project();
    await given(reading('b1', 's1', unsaved('s1'), '2026-01-02T11:00:00Z')).thenRows(rowsOf('b1'), [
      {
        user_key: 'b1',
        story_id: 's1',
        slide: 2,
        finished: false,
        saved: false,
        updated_at: t('2026-01-02T11:00:00Z'),
        finished_at: null,
        saved_at: null,
      },
    ]);
  });

  it("erases a deleted account's rows and a deleted story's rows, leaving the others", async () => {
    await given(
      reading('c1', 's1', saved('s1'), '2026-01-03T10:00:00Z'),
      reading('c2', 's1', saved('s1'), '2026-01-03T10:00:00Z'),
      reading('c2', 'gone', saved('gone'), '2026-01-03T10:00:00Z'),
    ).project();
    await given(
      on(
        streams.user('c1'),
        { type: 'UserDeleted', data: { accountId: '11111111-1111-4111-8111-111111111111' } },
        '2026-01-03T11:00:00Z',
      ),
      on(streams.story('gone'), { type: 'StoryDeleted', data: { storyId: 'gone' } }, '2026-01-03T11:00:00Z'),
    ).thenRows(
      (db) =>
        db
          .selectFrom('reading')
          .select(['user_key', 'story_id'])
          .where('user_key', 'in', ['c1', 'c2'])
          .execute(),
      [{ user_key: 'c2', story_id: 's1' }],
    );
  });

  it('forgets, within one batch, what a deleted account did before its deletion', async () => {
    await given(
      reading('d1', 's1', saved('s1'), '2026-01-04T10:00:00Z'),
      on(
        streams.user('d1'),
        { type: 'UserDeleted', data: { accountId: '11111111-1111-4111-8111-111111111111' } },
        '2026-01-04T11:00:00Z',
      ),
    ).thenRows(rowsOf('d1'), []);
  });
});
