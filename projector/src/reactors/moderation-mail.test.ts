import type { EventData, RecordedEvent } from '@nocturne/events';
import { describe, expect, it } from 'vitest';
import type { MailMessage } from '../mail/mailer';
import { moderationMailReactor } from './moderation-mail';
import { reactorContext as context } from './testing/reactor-context';

const decided = (data: Partial<EventData<'ModerationDecided'>>): RecordedEvent =>
  ({
    type: 'ModerationDecided',
    data: {
      storyId: 'story-1',
      decisionId: 'd1',
      action: 'hide',
      reason: 'Slide 2 shows a character who looks under 18',
      closedReports: [
        { reportId: 'r1', reason: 'involves_minor', contact: 'pii:v1:report-r1:x' },
        { reportId: 'r2', reason: 'other', contact: 'pii:v1:acc-erased:x' },
        { reportId: 'r3', reason: 'spam_or_scam', contact: null },
      ],
      closedAppealId: null,
      publisher: { userKey: 'u1', email: 'pii:v1:acc1:x' },
      ...data,
    },
    eventId: 'e1',
    streamName: 'story_reports-story-1',
    streamRevision: 1,
    position: 9,
    metadata: {
      correlationId: 'c',
      causationId: 'c',
      actor: { kind: 'admin', session: 's', ip: '' },
      schemaVersion: 1,
    },
    recordedAt: new Date('2026-11-20T10:00:00Z'),
  }) as RecordedEvent;

const addresses = {
  'pii:v1:report-r1:x': 'visitor@example.com',
  'pii:v1:acc1:x': 'creator@example.com',
};

describe('moderation mail', () => {
  it('tells each reporter with a readable address the outcome and the reason, and the creator the statement of reasons with the appeal link', async () => {
    const { ctx, sent } = context(addresses);
    await moderationMailReactor.react(decided({}), ctx);
    expect(sent.map((m) => [m.to, m.subject])).toEqual([
      ['visitor@example.com', 'The outcome of your report'],
      ['creator@example.com', 'Your story was hidden after a review'],
    ]);
    const [reporter, creator] = sent as [MailMessage, MailMessage];
    expect(reporter.text).toContain('reason: Involves a minor');
    expect(reporter.text).toContain('Outcome: the story is hidden.');
    expect(reporter.text).toContain("The moderator's reason: Slide 2 shows a character who looks under 18");
    expect(creator.text).toContain('The reason: Slide 2 shows a character who looks under 18');
    expect(creator.text).toContain('https://nocturne.test/appeal/story-1');
    expect(creator.userKey).toBe('u1');
  });

  it('tells the reporters of a dismissal that nothing was done, and the creator nothing unless it answers an appeal', async () => {
    const { ctx, sent } = context(addresses);
    await moderationMailReactor.react(decided({ action: 'dismiss' }), ctx);
    expect(sent.map((m) => m.to)).toEqual(['visitor@example.com']);
    expect(sent[0]?.text).toContain('Outcome: no action.');

    const appeal = context(addresses);
    await moderationMailReactor.react(
      decided({ action: 'dismiss', closedReports: [], closedAppealId: 'a1' }),
      appeal.ctx,
    );
    expect(appeal.sent.map((m) => [m.to, m.subject])).toEqual([
      ['creator@example.com', 'The outcome of your appeal'],
    ]);
  });

  it('tells the creator of a restore, and sends nothing for a story no member published', async () => {
    const { ctx, sent } = context(addresses);
    await moderationMailReactor.react(decided({ action: 'restore', closedReports: [] }), ctx);
    expect(sent.map((m) => m.subject)).toEqual(['Your story is available again']);
    const none = context(addresses);
    await moderationMailReactor.react(decided({ closedReports: [], publisher: null }), none.ctx);
    expect(none.sent).toEqual([]);
  });

  it('tells the creator their story was re-rated, with the new rating and the reason', async () => {
    const { ctx, sent } = context(addresses);
    await moderationMailReactor.react(
      decided({ action: 'rate', rating: 'explicit', reason: 'Explicit illustrations', closedReports: [] }),
      ctx,
    );
    expect(sent.map((m) => [m.to, m.subject])).toEqual([
      ['creator@example.com', "Your story's rating was changed"],
    ]);
    expect(sent[0]?.text).toContain('changed its rating to Explicit');
    expect(sent[0]?.text).toContain('The reason: Explicit illustrations');
  });
});
