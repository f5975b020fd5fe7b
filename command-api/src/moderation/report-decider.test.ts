import { refuse, reportMessages, storyMessages } from '@nocturne/domain';
import { describe, expect, it } from 'vitest';
import { command } from '../shared/decider';
import { deciderSpec } from '../shared/testing/decider-spec';
import { type FileReport, type ReportEvent, reportDecider } from './report-decider';

const given = deciderSpec(reportDecider);
const now = new Date('2026-11-20T10:00:00.000Z');
const contact = 'pii:v1:report-r1:aaa:bbb:ccc';
const sealedEmail = 'pii:v1:acc1:aaa:bbb:ccc';
/** The trimmed text as the handler sealed it (under the reporter's subject). */
const sealedReport = 'pii:v1:report-r1:ddd:eee:fff';
const sealedAppeal = 'pii:v1:acc1:ggg:hhh:iii';

const report = (overrides: Partial<FileReport['data']> = {}): FileReport =>
  command(
    'FileReport',
    {
      storyId: 's1',
      reportId: 'r1',
      reason: 'involves_minor',
      text: '  The girl on slide 2 looks 14.  ',
      sealedText: sealedReport,
      reporterKey: 'visitor:abc',
      contact,
      storyLive: true,
      ...overrides,
    },
    now,
  );
const reported = (reportId = 'r1', reporterKey = 'visitor:abc'): ReportEvent => ({
  type: 'StoryReported',
  data: {
    storyId: 's1',
    reportId,
    reason: 'involves_minor',
    text: sealedReport,
    reporterKey,
    contact,
  },
});
const decide = (action: 'dismiss' | 'hide' | 'restore' | 'delete', reason = 'Checked against the policy') =>
  command(
    'DecideReports',
    {
      storyId: 's1',
      decisionId: `d-${action}`,
      action,
      reason,
      publisher: action === 'dismiss' ? null : { userKey: 'u1', email: sealedEmail },
    },
    now,
  );
const hidden: ReportEvent = {
  type: 'ModerationDecided',
  data: {
    storyId: 's1',
    decisionId: 'd-hide',
    action: 'hide',
    reason: 'Checked against the policy',
    closedReports: [{ reportId: 'r1', reason: 'involves_minor', contact }],
    closedAppealId: null,
    publisher: { userKey: 'u1', email: sealedEmail },
  },
};
const appeal = (userKey = 'u1', text = 'Every character is an adult, as slide 1 says.') =>
  command('AppealDecision', { storyId: 's1', appealId: 'a1', userKey, text, sealedText: sealedAppeal }, now);
const appealed: ReportEvent = {
  type: 'DecisionAppealed',
  data: {
    storyId: 's1',
    appealId: 'a1',
    decisionId: 'd-hide',
    userKey: 'u1',
    text: sealedAppeal,
  },
};

describe('reporting a story', () => {
  it('records a report with its reason, its text sealed and its contact sealed, never the text in clear', () => {
    const when = given().when(report());
    when.thenEvents([reported()]);
    expect(JSON.stringify(when.events())).not.toContain('slide 2');
  });

  it('records no text when the reporter wrote nothing but spaces', () => {
    given()
      .when(report({ text: '   ', sealedText: null }))
      .thenEvents([{ ...reported(), data: { ...reported().data, text: null } } as ReportEvent]);
  });

  it('takes one open report per story per reporter; another reporter may report too', () => {
    given(reported())
      .when(report({ reportId: 'r2' }))
      .thenRefuses(refuse('conflict', reportMessages.alreadyReported));
    given(reported())
      .when(report({ reportId: 'r2', reporterKey: 'user:u9', text: 'The girl on slide 2 looks 14.' }))
      .thenEvents([reported('r2', 'user:u9')]);
  });

  it('takes a new report from the same reporter once the first was decided', () => {
    given(reported(), { ...hidden, data: { ...hidden.data, action: 'dismiss', publisher: null } })
      .when(report({ reportId: 'r2' }))
      .thenEvents([reported('r2')]);
  });

  it('refuses an unknown reason, a text over 1,000 characters and a story that is not live', () => {
    given()
      .when(report({ reason: 'boring' }))
      .thenRefuses(refuse('invalid', reportMessages.unknownReason));
    given()
      .when(report({ text: 'x'.repeat(1001) }))
      .thenRefuses(refuse('invalid', reportMessages.textTooLong));
    given()
      .when(report({ text: 'x'.repeat(1000) }))
      .events();
    given()
      .when(report({ storyLive: false }))
      .thenRefuses(refuse('not_found', storyMessages.notFound));
  });
});

describe('deciding on reports', () => {
  it('closes every open report with the stated reason and names the publisher', () => {
    given(reported()).when(decide('hide')).thenEvents([hidden]);
  });

  it('requires a reason', () => {
    given(reported())
      .when(decide('hide', '   '))
      .thenRefuses(refuse('invalid', reportMessages.reasonRequired));
    given(reported())
      .when(decide('dismiss', 'x'.repeat(2001)))
      .thenRefuses(refuse('invalid', reportMessages.reasonTooLong));
  });

  it('refuses to dismiss when nothing is open', () => {
    given().when(decide('dismiss')).thenRefuses(refuse('conflict', reportMessages.nothingToDismiss));
  });

  it('dismisses the open reports; a later report opens again', () => {
    const [event] = given(reported()).when(decide('dismiss')).events();
    expect(event?.type === 'ModerationDecided' && event.data.closedReports).toEqual([
      { reportId: 'r1', reason: 'involves_minor', contact },
    ]);
    const state = given(reported(), event!).state;
    expect(state.open.size).toBe(0);
  });
});

describe('appealing a decision', () => {
  it('lets the publishing account appeal a hide once, which opens an appeal', () => {
    const state = given(reported(), hidden).when(appeal()).thenEvents([appealed]);
    expect(state.openAppealId).toBe('a1');
    given(reported(), hidden, appealed)
      .when(appeal())
      .thenRefuses(refuse('conflict', reportMessages.appealedAlready));
  });

  it('refuses another account, an empty text, and a story that was never hidden or deleted', () => {
    given(reported(), hidden)
      .when(appeal('u2'))
      .thenRefuses(refuse('forbidden', reportMessages.appealNotAllowed));
    given(reported(), hidden)
      .when(appeal('u1', '  '))
      .thenRefuses(refuse('invalid', reportMessages.appealTextRequired));
    given(reported()).when(appeal()).thenRefuses(refuse('forbidden', reportMessages.appealNotAllowed));
  });

  it('closes the appeal with the next decision; a dismissed appeal cannot be made again', () => {
    const [dismissal] = given(reported(), hidden, appealed)
      .when(decide('dismiss', 'The hide stands'))
      .events();
    expect(dismissal?.type === 'ModerationDecided' && dismissal.data.closedAppealId).toBe('a1');
    given(reported(), hidden, appealed, dismissal!)
      .when(appeal())
      .thenRefuses(refuse('conflict', reportMessages.appealedAlready));
  });
});
