import type { DomainEvent, RecordedEvent } from '@nocturne/events';
import { storyPublished } from '@nocturne/events/testing';
import { describe, expect, it } from 'vitest';
import {
  eventRecorder,
  lookupVault,
  projectionSpec,
  useReadModelDatabase,
} from '../../testing/projection-test';
import { storiesProjection } from '../stories/stories-projection';
import { moderationProjection } from './moderation-projection';

const readModel = useReadModelDatabase('moderation');
const given = projectionSpec(moderationProjection, readModel, { vault: lookupVault() });
const givenStories = projectionSpec(storiesProjection, readModel, { vault: lookupVault() });
const record = eventRecorder();
const t = (iso: string) => new Date(iso);

const reported = (
  storyId: string,
  reportId: string,
  reason: string,
  at: string,
  reporterKey = 'visitor:abc',
) =>
  record(
    {
      type: 'StoryReported',
      data: { storyId, reportId, reason, text: `about ${storyId}`, reporterKey, contact: null },
    } as DomainEvent,
    `story_reports-${storyId}`,
    at,
  );
const decided = (
  storyId: string,
  action: 'dismiss' | 'hide' | 'restore' | 'delete',
  reportIds: string[],
  at: string,
  closedAppealId: string | null = null,
): RecordedEvent => {
  const event = record(
    {
      type: 'ModerationDecided',
      data: {
        storyId,
        decisionId: `d-${storyId}-${action}`,
        action,
        reason: `because ${action}`,
        closedReports: reportIds.map((reportId) => ({ reportId, reason: 'other', contact: null })),
        closedAppealId,
        publisher: null,
      },
    },
    `story_reports-${storyId}`,
    at,
  );
  return {
    ...event,
    metadata: { ...event.metadata, actor: { kind: 'admin', session: 'sess1', ip: '10.0.0.9' } },
  };
};
const appealed = (storyId: string, appealId: string, at: string) =>
  record(
    {
      type: 'DecisionAppealed',
      data: { storyId, appealId, decisionId: `d-${storyId}-hide`, userKey: 'u1', text: 'Please look again' },
    },
    `story_reports-${storyId}`,
    at,
  );

const reports = (db: ReturnType<typeof readModel>) =>
  db
    .selectFrom('moderation_reports')
    .select(['report_id', 'story_id', 'reason', 'reporter_kind', 'reported_at', 'outcome'])
    .orderBy('report_id')
    .execute();

describe('moderation projection', () => {
  it('keeps every report open until a decision closes it with its action as the outcome', async () => {
    await given(
      reported('m1', 'r1', 'involves_minor', '2026-11-01T10:00:00Z'),
      reported('m1', 'r2', 'other', '2026-11-01T10:01:00Z', 'user:u7'),
      decided('m1', 'hide', ['r1', 'r2'], '2026-11-01T11:00:00Z'),
      reported('m1', 'r3', 'copyright', '2026-11-01T12:00:00Z'),
    ).thenRows(reports, [
      {
        report_id: 'r1',
        story_id: 'm1',
        reason: 'involves_minor',
        reporter_kind: 'visitor',
        reported_at: t('2026-11-01T10:00:00Z'),
        outcome: 'hide',
      },
      {
        report_id: 'r2',
        story_id: 'm1',
        reason: 'other',
        reporter_kind: 'member',
        reported_at: t('2026-11-01T10:01:00Z'),
        outcome: 'hide',
      },
      {
        report_id: 'r3',
        story_id: 'm1',
        reason: 'copyright',
        reporter_kind: 'visitor',
        reported_at: t('2026-11-01T12:00:00Z'),
        outcome: null,
      },
    ]);
  });

  it('records each decision with who took it (the session, never the address) and why, and closes the appeal', async () => {
    await given(
      reported('m2', 'r9', 'spam_or_scam', '2026-11-02T10:00:00Z'),
      decided('m2', 'hide', ['r9'], '2026-11-02T11:00:00Z'),
      appealed('m2', 'a1', '2026-11-02T12:00:00Z'),
    ).project();
    await given(decided('m2', 'restore', [], '2026-11-02T13:00:00Z', 'a1')).thenRows(
      async (db) => ({
        decisions: await db
          .selectFrom('moderation_decisions')
          .select(['action', 'reason', 'decided_by', 'decided_at', 'reports_closed', 'appeal_closed'])
          .where('story_id', '=', 'm2')
          .orderBy('position')
          .execute(),
        appeals: await db.selectFrom('moderation_appeals').select(['appeal_id', 'text', 'outcome']).execute(),
      }),
      {
        decisions: [
          {
            action: 'hide',
            reason: 'because hide',
            decided_by: { kind: 'admin', session: 'sess1' },
            decided_at: t('2026-11-02T11:00:00Z'),
            reports_closed: 1,
            appeal_closed: false,
          },
          {
            action: 'restore',
            reason: 'because restore',
            decided_by: { kind: 'admin', session: 'sess1' },
            decided_at: t('2026-11-02T13:00:00Z'),
            reports_closed: 0,
            appeal_closed: true,
          },
        ],
        appeals: [{ appeal_id: 'a1', text: 'Please look again', outcome: 'restore' }],
      },
    );
  });
});

describe('moderation projection: what members wrote', () => {
  const texts = (story: string) => (db: ReturnType<typeof readModel>) =>
    Promise.all([
      db
        .selectFrom('moderation_reports')
        .select(['report_id', 'text', 'reporter_user_key'])
        .where('story_id', '=', story)
        .orderBy('report_id')
        .execute(),
      db
        .selectFrom('moderation_appeals')
        .select(['appeal_id', 'text', 'user_key'])
        .where('story_id', '=', story)
        .execute(),
    ]);
  const report = (story: string, id: string, reporterKey: string, text: Record<string, string | null>) =>
    record(
      {
        type: 'StoryReported',
        data: {
          storyId: story,
          reportId: `${story}-${id}`,
          reason: 'other',
          ...text,
          reporterKey,
          contact: null,
        },
      } as DomainEvent,
      `story_reports-${story}`,
      '2026-11-03T10:00:00Z',
    );
  const history = (story: string) => [
    report(story, 'r1', 'user:u7', { text: 'pii:v1:acc-u7:k:iv:sealed-one' }),
    report(story, 'r2', 'visitor:abc', { text: 'pii:v1:report-r2:k:iv:sealed-two' }),
    // Recorded before texts were sealed: its plain text, upcast to the legacy field.
    report(story, 'r3', 'user:u7', { text: null, legacyText: 'plain words' }),
    report(story, 'r4', 'user:u8', { text: null }),
    record(
      {
        type: 'DecisionAppealed',
        data: {
          storyId: story,
          appealId: `${story}-a7`,
          decisionId: 'd',
          userKey: 'u7',
          text: 'pii:v1:acc-u7:k:iv:sealed-3',
        },
      },
      `story_reports-${story}`,
      '2026-11-03T11:00:00Z',
    ),
  ];
  const erasedU7 = () =>
    record({ type: 'UserDeleted', data: { accountId: 'acc-u7' } }, 'user-u7', '2026-11-04T10:00:00Z');
  /** The rows, with u7's texts as given (null once u7 is erased). */
  type Rows = [
    { report_id: string; text: string | null; reporter_user_key: string | null }[],
    { appeal_id: string; text: string | null; user_key: string | null }[],
  ];
  const rows = (story: string, u7: { r1: string | null; r3: string | null; a7: string | null }): Rows => [
    [
      { report_id: `${story}-r1`, text: u7.r1, reporter_user_key: 'u7' },
      { report_id: `${story}-r2`, text: 'pii:v1:report-r2:k:iv:sealed-two', reporter_user_key: null },
      { report_id: `${story}-r3`, text: u7.r3, reporter_user_key: 'u7' },
      { report_id: `${story}-r4`, text: '', reporter_user_key: 'u8' },
    ],
    [{ appeal_id: `${story}-a7`, text: u7.a7, user_key: 'u7' }],
  ];
  const erased = { r1: null, r3: null, a7: null };

  it('keeps the sealed text, the plain text of an older report, and whose account wrote it', async () => {
    await given(...history('w1')).thenRows(
      texts('w1'),
      rows('w1', {
        r1: 'pii:v1:acc-u7:k:iv:sealed-one',
        r3: 'plain words',
        a7: 'pii:v1:acc-u7:k:iv:sealed-3',
      }),
    );
  });

  it("removes an erased member's texts, sealed or plain, when the erasure comes in the same batch", async () => {
    await given(...history('w2'), erasedU7()).thenRows(texts('w2'), rows('w2', erased));
  });

  it('removes them when the erasure comes in a later batch', async () => {
    await given(...history('w3')).project();
    await given(erasedU7()).thenRows(texts('w3'), rows('w3', erased));
  });
});

describe('moderation projection: removals', () => {
  const byAdmin = (event: RecordedEvent, staffId?: string): RecordedEvent => ({
    ...event,
    metadata: {
      ...event.metadata,
      actor: { kind: 'admin', session: 'sess2', ip: '10.0.0.9', ...(staffId ? { staffId } : {}) },
    },
  });
  const deleted = (storyId: string, at: string, staffId?: string) =>
    byAdmin(record({ type: 'StoryDeleted', data: { storyId } }, `story-${storyId}`, at), staffId);
  const history = (storyId: string) => (db: ReturnType<typeof readModel>) =>
    db
      .selectFrom('moderation_decisions')
      .select(['action', 'reason', 'decided_by', 'decided_at'])
      .where('story_id', '=', storyId)
      .orderBy('position')
      .execute();

  it("shows an admin's plain delete, without a reason, with who made it", async () => {
    await given(deleted('x1', '2026-11-05T10:00:00Z', 'staff-admin-1')).thenRows(history('x1'), [
      {
        action: 'delete',
        reason: '',
        decided_by: { kind: 'admin', session: 'sess2', staffId: 'staff-admin-1' },
        decided_at: t('2026-11-05T10:00:00Z'),
      },
    ]);
  });

  const reasoned = (storyId: string) => [
    reported(storyId, `r-${storyId}`, 'copyright', '2026-11-06T09:00:00Z'),
    deleted(storyId, '2026-11-06T10:00:00Z', 'staff-mod-1'),
    byAdmin(decided(storyId, 'delete', [`r-${storyId}`], '2026-11-06T10:00:01Z'), 'staff-mod-1'),
  ];
  const oneReasonedRemoval = [
    {
      action: 'delete',
      reason: 'because delete',
      decided_by: { kind: 'admin', session: 'sess2', staffId: 'staff-mod-1' },
      decided_at: t('2026-11-06T10:00:01Z'),
    },
  ];

  it("shows a moderator's reasoned removal once, as the decision, when both come in one batch", async () => {
    await given(...reasoned('x2')).thenRows(history('x2'), oneReasonedRemoval);
  });

  it('shows it once too when the deletion and the decision come in two batches', async () => {
    const [report, deletion, decision] = reasoned('x3');
    await given(report!, deletion!).thenRows(history('x3'), [
      expect.objectContaining({ action: 'delete', reason: '' }),
    ]);
    await given(decision!).thenRows(history('x3'), oneReasonedRemoval);
  });
});

describe('stories projection: hide and restore', () => {
  const published = storyPublished({ storyId: 'h1' });
  const onStory = (event: DomainEvent, at: string) => record(event, 'story-h1', at);
  const visibility = async (db: ReturnType<typeof readModel>) => ({
    story: await db.selectFrom('stories').select(['id', 'hidden_reason']).where('id', '=', 'h1').execute(),
    images: [
      ...new Set(
        (await db.selectFrom('story_images').select('hidden').where('story_id', '=', 'h1').execute()).map(
          (row) => row.hidden,
        ),
      ),
    ],
  });

  it('a hide keeps the row with its statement and hides its images; a restore clears both', async () => {
    await givenStories(
      onStory(published, '2026-11-03T10:00:00Z'),
      onStory(
        { type: 'StoryHidden', data: { storyId: 'h1', reason: 'Under review' } },
        '2026-11-03T11:00:00Z',
      ),
    ).thenRows(visibility, { story: [{ id: 'h1', hidden_reason: 'Under review' }], images: [true] });
    await givenStories(
      onStory({ type: 'StoryRestored', data: { storyId: 'h1', reason: 'Fine' } }, '2026-11-03T12:00:00Z'),
    ).thenRows(visibility, { story: [{ id: 'h1', hidden_reason: null }], images: [false] });
  });

  it('in one batch, the last of a hide and a restore holds', async () => {
    const other = storyPublished({ storyId: 'h2' });
    await givenStories(
      record(other, 'story-h2', '2026-11-04T10:00:00Z'),
      record(
        { type: 'StoryHidden', data: { storyId: 'h2', reason: 'a' } },
        'story-h2',
        '2026-11-04T10:01:00Z',
      ),
      record(
        { type: 'StoryRestored', data: { storyId: 'h2', reason: 'b' } },
        'story-h2',
        '2026-11-04T10:02:00Z',
      ),
      record(
        { type: 'StoryHidden', data: { storyId: 'h2', reason: 'c' } },
        'story-h2',
        '2026-11-04T10:03:00Z',
      ),
    ).thenRows(
      (db) => db.selectFrom('stories').select(['id', 'hidden_reason']).where('id', '=', 'h2').execute(),
      [{ id: 'h2', hidden_reason: 'c' }],
    );
  });
});
