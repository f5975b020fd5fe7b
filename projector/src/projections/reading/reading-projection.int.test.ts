import type { DomainEvent } from '@nocturne/events';
import { streams } from '@nocturne/events';
import { userRegistered } from '@nocturne/events/testing';
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
/** An account id of the tests: `n` in its last group. */
const account = (n: number) => `11111111-1111-4111-8111-${String(n).padStart(12, '0')}`;
const reading = (accountId: string, storyId: string, event: DomainEvent, at: string) =>
  on(streams.reading(accountId, storyId), event, at);
/** On a stream named by the address's key, as reading was recorded before it was named by account. */
const legacyReading = (userKey: string, storyId: string, event: DomainEvent, at: string) =>
  on(streams.legacyReading(userKey, storyId), event, at);
const registered = (userKey: string, accountId: string, at: string) =>
  on(streams.user(userKey), userRegistered({ accountId }), at);
const deleted = (userKey: string, accountId: string, at: string) =>
  on(streams.user(userKey), { type: 'UserDeleted', data: { accountId } }, at);
const progress = (storyId: string, slide: number): DomainEvent => ({
  type: 'ReadingProgressRecorded',
  data: { storyId, slide },
});
const finished = (storyId: string): DomainEvent => ({ type: 'StoryFinished', data: { storyId } });
const saved = (storyId: string): DomainEvent => ({ type: 'StorySaved', data: { storyId } });
const unsaved = (storyId: string): DomainEvent => ({ type: 'StoryUnsaved', data: { storyId } });

const rowsOf = (accountId: string) => (db: ReturnType<typeof readModel>) =>
  db.selectFrom('reading').selectAll().where('account_id', '=', accountId).orderBy('story_id').execute();
const shelfOf = (accountIds: string[]) => (db: ReturnType<typeof readModel>) =>
  db
    .selectFrom('reading')
    .select(['account_id', 'story_id', 'slide', 'saved', 'finished'])
    .where('account_id', 'in', accountIds)
    .orderBy('account_id')
    .orderBy('story_id')
    .execute();
const t = (iso: string) => new Date(iso);

describe('reading projection', () => {
  it('keeps one row per account and story: last slide, finished and saved with their times', async () => {
    const a1 = account(1);
    await given(
      reading(a1, 's1', progress('s1', 0), '2026-01-01T10:00:00Z'),
      reading(a1, 's1', progress('s1', 3), '2026-01-01T10:01:00Z'),
      reading(a1, 's2', saved('s2'), '2026-01-01T10:02:00Z'),
      reading(a1, 's3', progress('s3', 9), '2026-01-01T10:03:00Z'),
      reading(a1, 's3', finished('s3'), '2026-01-01T10:04:00Z'),
    ).thenRows(rowsOf(a1), [
      {
        account_id: a1,
        story_id: 's1',
        slide: 3,
        finished: false,
        saved: false,
        updated_at: t('2026-01-01T10:01:00Z'),
        finished_at: null,
        saved_at: null,
      },
      {
        account_id: a1,
        story_id: 's2',
        slide: null,
        finished: false,
        saved: true,
        updated_at: t('2026-01-01T10:02:00Z'),
        finished_at: null,
        saved_at: t('2026-01-01T10:02:00Z'),
      },
      {
        account_id: a1,
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
    const b1 = account(2);
    await given(
      reading(b1, 's1', progress('s1', 2), '2026-01-02T10:00:00Z'),
      reading(b1, 's1', saved('s1'), '2026-01-02T10:01:00Z'),
    ).project();
    await given(reading(b1, 's1', unsaved('s1'), '2026-01-02T11:00:00Z')).thenRows(rowsOf(b1), [
      {
        account_id: b1,
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
    const [c1, c2] = [account(3), account(4)];
    await given(
      reading(c1, 's1', saved('s1'), '2026-01-03T10:00:00Z'),
      reading(c2, 's1', saved('s1'), '2026-01-03T10:00:00Z'),
      reading(c2, 'gone', saved('gone'), '2026-01-03T10:00:00Z'),
    ).project();
    await given(
      deleted('c1', c1, '2026-01-03T11:00:00Z'),
      on(streams.story('gone'), { type: 'StoryDeleted', data: { storyId: 'gone' } }, '2026-01-03T11:00:00Z'),
    ).thenRows(
      (db) =>
        db
          .selectFrom('reading')
          .select(['account_id', 'story_id'])
          .where('account_id', 'in', [c1, c2])
          .execute(),
      [{ account_id: c2, story_id: 's1' }],
    );
  });

  it('forgets, within one batch, what a deleted account did before its deletion', async () => {
    const d1 = account(5);
    await given(
      reading(d1, 's1', saved('s1'), '2026-01-04T10:00:00Z'),
      deleted('d1', d1, '2026-01-04T11:00:00Z'),
    ).thenRows(rowsOf(d1), []);
  });

  it("gives the reading recorded by the address's key to the account the address held then, whatever the batches", async () => {
    const [first, second] = [account(6), account(7)];
    const events = [
      registered('e1', first, '2026-01-05T09:00:00Z'),
      legacyReading('e1', 's1', progress('s1', 2), '2026-01-05T10:00:00Z'),
      legacyReading('e1', 's2', saved('s2'), '2026-01-05T10:01:00Z'),
      deleted('e1', first, '2026-01-05T11:00:00Z'),
      // The same address signs up again: a new account, with nothing of the erased one's.
      registered('e1', second, '2026-01-05T12:00:00Z'),
      legacyReading('e1', 's1', finished('s1'), '2026-01-05T12:01:00Z'),
      reading(second, 's3', saved('s3'), '2026-01-05T12:02:00Z'),
    ];
    await given(...events.slice(0, 3)).project();
    await given(...events.slice(3)).thenRows(shelfOf([first, second]), [
      { account_id: second, story_id: 's1', slide: null, saved: false, finished: true },
      { account_id: second, story_id: 's3', slide: null, saved: true, finished: false },
    ]);
  });

  it('leaves the same rows whether the events come in one batch or one by one', async () => {
    const history = (key: string, first: string, second: string) => [
      registered(key, first, '2026-01-07T09:00:00Z'),
      legacyReading(key, 's1', progress('s1', 2), '2026-01-07T10:00:00Z'),
      legacyReading(key, 's2', saved('s2'), '2026-01-07T10:01:00Z'),
      reading(first, 's2', unsaved('s2'), '2026-01-07T10:02:00Z'),
      reading(first, 's3', saved('s3'), '2026-01-07T10:03:00Z'),
      deleted(key, first, '2026-01-07T11:00:00Z'),
      registered(key, second, '2026-01-07T12:00:00Z'),
      legacyReading(key, 's1', saved('s1'), '2026-01-07T12:01:00Z'),
      reading(second, 's3', progress('s3', 1), '2026-01-07T12:02:00Z'),
    ];
    const [together, apart] = [
      [account(9), account(10)],
      [account(11), account(12)],
    ] as const;
    await given(...history('a1', ...together)).project();
    for (const event of history('a2', ...apart)) await given(event).project();
    const rows = (ids: readonly string[]) => async (db: ReturnType<typeof readModel>) =>
      (await shelfOf([...ids])(db)).map((row) => ({ ...row, account_id: ids.indexOf(row.account_id) }));
    const expected = [
      { account_id: 1, story_id: 's1', slide: null, saved: true, finished: false },
      { account_id: 1, story_id: 's3', slide: 1, saved: false, finished: false },
    ];
    await given().thenRows(rows(together), expected);
    await given().thenRows(rows(apart), expected);
  });

  it("drops the reading recorded by an address's key while the address held no account", async () => {
    const f1 = account(8);
    await given(
      registered('f1', f1, '2026-01-06T09:00:00Z'),
      deleted('f1', f1, '2026-01-06T10:00:00Z'),
      legacyReading('f1', 's1', saved('s1'), '2026-01-06T10:01:00Z'),
    ).thenRows(rowsOf(f1), []);
  });
});
