import { createHash, randomUUID } from 'node:crypto';
import { type CommandContext, type DomainEvent, encodeEvent, streams } from '@nocturne/events';
import { seededRandom } from '@nocturne/test-kit/seeded-random';
import type { PiiVault } from '@nocturne/vault';
import { type HistoryAppend, type MixedHistory, mixedHistory } from './mixed-history';

const digest = (text: string) => createHash('sha256').update(text).digest('hex');
const context: CommandContext = {
  correlationId: 'history',
  causationId: 'history',
  actor: { kind: 'system' },
};
const append = (streamName: string, ...events: DomainEvent[]): HistoryAppend => ({
  streamName,
  events: events.map((event) => encodeEvent(event, context, randomUUID())),
});

const image = (name: string, k: number) => ({ ref: `img-${name}-${k}`, width: 800, height: 1200 });
const slides = (name: string, texts: string[]) =>
  texts.map((text, k) => ({ image: image(name, k + 1), text }));

/** A processor's purchase and its notices, as the receiver appends them. */
function payments(fan: { key: string; accountId: string }, purchaseId: string): HistoryAppend[] {
  const provider = 'local' as const;
  const notice = (
    transactionId: string,
    kind: 'sale' | 'refund',
    amountCents: number,
    reference: string | null,
  ) =>
    append(streams.paymentNotice(provider, transactionId), {
      type: 'PaymentNoticeReceived',
      data: {
        provider,
        kind,
        transactionId,
        saleId: `S${transactionId}`,
        reference,
        amountCents,
        currency: 'USD',
        occurredAt: '2026-01-01T00:00:00.000Z',
      },
    });
  const sale = { provider, saleId: 'S1', currency: 'USD', amountCents: 1500 };
  return [
    append(streams.purchase(purchaseId), {
      type: 'PurchaseStarted',
      data: {
        userKey: fan.key,
        accountId: fan.accountId,
        provider,
        amountCents: 1500,
        currency: 'USD',
        discounted: false,
      },
    }),
    notice('1', 'sale', 1500, purchaseId),
    append(streams.purchase(purchaseId), {
      type: 'PaymentReceived',
      data: { ...sale, transactionId: '1', paidAt: '2026-01-01T00:00:00.000Z' },
    }),
    append(streams.user(fan.key), { type: 'PremiumGranted', data: { stories: 30, purchaseId } }),
    notice('2', 'sale', 990, purchaseId),
    append(streams.purchase(purchaseId), {
      type: 'PaymentHeldForStaff',
      data: { ...sale, transactionId: '2', saleId: 'S2', reason: 'amount_mismatch', amountCents: 990 },
    }),
    notice('3', 'sale', 1500, null),
    append(streams.paymentNotice(provider, '3'), {
      type: 'PaymentNoticeQueued',
      data: { reason: 'unknown_reference' },
    }),
    notice('4', 'refund', 1500, purchaseId),
    append(streams.purchase(purchaseId), {
      type: 'PaymentReversed',
      data: { ...sale, kind: 'refund', transactionId: '4', reversedAt: '2026-01-01T00:00:00.000Z' },
    }),
    append(streams.user(fan.key), {
      type: 'PremiumRevoked',
      data: { purchaseId, stories: 30, reason: 'refund' },
    }),
  ];
}

/**
 * What the features beyond the mixed history's do, in log order: a creator with a pen name, a
 * follower told of their stories and reading them (progress, finish, saves), drafts saved,
 * scheduled, unscheduled, thrown away and published, a revision and new labels, the tag list,
 * a reader's hidden warnings, daily digest and reading settings, a report, a hide, an appeal and a restore, an erased member's report, a
 * staff member invited through to their first login and their second factor reset. With the mixed history, every table of
 * every projection gets rows.
 */
async function everyFeature(
  vault: PiiVault,
  seed: number,
): Promise<{ appends: HistoryAppend[]; destroyedSubjects: string[] }> {
  const key = (name: string) => digest(`${name}-${seed}`).slice(0, 32);
  const storyId = (name: string) => `${name}-${key(name).slice(0, 12)}`;
  const maker = { key: key('maker'), accountId: randomUUID() };
  const fan = { key: key('fan'), accountId: randomUUID() };
  const staffId = key('staff');
  const staffAccount = randomUUID();
  const expires = '2030-01-01T00:00:00.000Z';
  const [makerEmail, makerHash, fanEmail, fanHash, contact, staffEmail, staffHash, totp, penName, handle] =
    await Promise.all([
      vault.encrypt(maker.accountId, 'maker@nocturne.test'),
      vault.encrypt(maker.accountId, '$argon2id$maker'),
      vault.encrypt(fan.accountId, 'fan@nocturne.test'),
      vault.encrypt(fan.accountId, '$argon2id$fan'),
      vault.encrypt(fan.accountId, 'fan@nocturne.test'),
      vault.encrypt(staffAccount, 'moderator@nocturne.test'),
      vault.encrypt(staffAccount, '$argon2id$staff'),
      vault.encrypt(staffAccount, 'JBSWY3DPEHPK3PXP'),
      vault.encrypt(maker.accountId, 'Night Owl'),
      vault.encrypt(maker.accountId, 'night-owl'),
    ]);
  // What the fan reported and the maker appealed, sealed under each one's key; and a critic who
  // reports with a sealed text and is then erased, which removes the text from the queue.
  const critic = { key: key('critic'), accountId: randomUUID() };
  const [reportText, appealText, criticEmail, criticHash, criticText] = await Promise.all([
    vault.encrypt(fan.accountId, 'This should not be here.'),
    vault.encrypt(maker.accountId, 'It is fiction between adults.'),
    vault.encrypt(critic.accountId, 'critic@nocturne.test'),
    vault.encrypt(critic.accountId, '$argon2id$critic'),
    vault.encrypt(critic.accountId, 'I know who drew this.'),
  ]);
  const member = (who: { key: string; accountId: string }, email: string, passwordHash: string) =>
    append(
      streams.user(who.key),
      {
        type: 'UserRegistered',
        data: {
          accountId: who.accountId,
          email,
          passwordHash,
          ageConfirmedAt: '2025-01-01T00:00:00.000Z',
          verification: { tokenDigest: digest(`verify-${who.key}`), expiresAt: expires },
        },
      },
      { type: 'EmailVerified', data: { tokenDigest: digest(`verify-${who.key}`) } },
      { type: 'UserLoggedIn', data: { sessionDigest: digest(`session-${who.key}`), expiresAt: expires } },
    );
  const [first, second, third, drafted, dropped, scheduled] = [
    'first',
    'second',
    'third',
    'drafted',
    'dropped',
    'scheduled',
  ].map(storyId) as [string, string, string, string, string, string];
  const publish = (id: string, labels = { tags: ['noir'], warnings: ['violence' as const] }) =>
    append(streams.story(id), {
      type: 'StoryPublished',
      data: {
        storyId: id,
        slides: slides(id.slice(0, 8), ['The lamp was lit.', 'She came in.']),
        preview: image(id.slice(0, 8), 0),
        isPremium: false,
        creatorKey: maker.key,
        rating: 'mature',
        ...labels,
      },
    });
  const draft = (id: string) => ({
    type: 'StoryDraftSaved' as const,
    data: {
      storyId: id,
      creatorKey: maker.key,
      slides: slides(id.slice(0, 8), ['A draft.', '']),
      preview: image(id.slice(0, 8), 0),
      isPremium: false,
      tags: [],
      warnings: [],
      rating: 'explicit' as const,
    },
  });
  const reading = (id: string, ...events: DomainEvent[]) =>
    append(streams.reading(fan.accountId, id), ...events);
  const decided = (
    action: 'hide' | 'restore' | 'delete',
    extra: { closedAppealId: string | null; reports: boolean },
  ) => ({
    type: 'ModerationDecided' as const,
    data: {
      storyId: second,
      decisionId: key(`decision-${action}`),
      action,
      reason: action === 'restore' ? 'The appeal holds.' : 'It breaks the rules.',
      closedReports: extra.reports
        ? [{ reportId: key('report'), reason: 'illegal_content' as const, contact }]
        : [],
      closedAppealId: extra.closedAppealId,
      publisher: { userKey: maker.key, email: makerEmail },
    },
  });
  const appends = [
    member(maker, makerEmail, makerHash),
    member(fan, fanEmail, fanHash),
    append(streams.tagCatalogue(), { type: 'TagAdded', data: { tag: 'noir' } }),
    append(streams.tagCatalogue(), { type: 'TagAdded', data: { tag: 'slow burn' } }),
    append(streams.tagCatalogue(), { type: 'TagRemoved', data: { tag: 'slow burn' } }),
    append(streams.user(fan.key), { type: 'HiddenWarningsChosen', data: { warnings: ['abuse'] } }),
    append(streams.user(fan.key), { type: 'EmailDigestChosen', data: { enabled: true } }),
    append(streams.user(fan.key), {
      type: 'ReadingSettingsChosen',
      data: {
        textSize: 'large',
        typeface: 'sans',
        lineSpacing: 'relaxed',
        theme: 'sepia',
        reducedMotion: true,
        transition: 'none',
      },
    }),
    append(streams.user(fan.key), {
      type: 'AgeAssured',
      data: {
        method: 'wallet',
        provider: 'local-wallet',
        assuredAt: '2026-01-05T10:00:00.000Z',
        expiresAt: '2027-01-05T10:00:00.000Z',
      },
    }),
    // Visitors' checks: one assured, one still open (its row kept until its answer or expiry).
    append(
      streams.ageCheck('visitor-check-1'),
      {
        type: 'AgeCheckStarted',
        data: {
          method: 'wallet',
          provider: 'local-wallet',
          member: null,
          reference: null,
          expiresAt: expires,
        },
      },
      { type: 'AgeCheckAnswered', data: { outcome: 'assured', reason: null, assuranceExpiresAt: expires } },
    ),
    append(streams.ageCheck('visitor-check-2'), {
      type: 'AgeCheckStarted',
      data: { method: 'hosted', provider: 'yoti', member: null, reference: 'session-2', expiresAt: expires },
    }),
    append(streams.creator(maker.key), {
      type: 'PenNameChosen',
      data: { userKey: maker.key, penName, handle },
    }),
    publish(first),
    append(streams.follow(fan.key, maker.key), {
      type: 'CreatorFollowed',
      data: { followerKey: fan.key, creatorKey: maker.key },
    }),
    publish(second),
    publish(third),
    append(streams.story(drafted), draft(drafted), {
      type: 'StoryDraftScheduled',
      data: { storyId: drafted, publishAt: expires },
    }),
    append(streams.story(drafted), { type: 'StoryDraftUnscheduled', data: { storyId: drafted } }),
    append(streams.story(dropped), draft(dropped), { type: 'StoryDraftDeleted', data: { storyId: dropped } }),
    append(streams.story(scheduled), draft(scheduled)),
    publish(scheduled, { tags: [], warnings: [] as never[] }),
    append(
      streams.storyViews(first),
      ...Array.from({ length: 3 }, () => ({ type: 'StoryViewed' as const, data: { storyId: first } })),
    ),
    append(streams.storyLikes(first), { type: 'StoryLiked', data: { storyId: first } }),
    reading(
      first,
      { type: 'ReadingProgressRecorded', data: { storyId: first, slide: 1 } },
      { type: 'StoryFinished', data: { storyId: first } },
      { type: 'StorySaved', data: { storyId: first } },
    ),
    reading(
      second,
      { type: 'StorySaved', data: { storyId: second } },
      { type: 'StoryUnsaved', data: { storyId: second } },
    ),
    reading(third, { type: 'ReadingProgressRecorded', data: { storyId: third, slide: 0 } }),
    append(streams.inbox(fan.key), { type: 'NotificationsSeen', data: { userKey: fan.key, through: 1 } }),
    append(streams.story(first), {
      type: 'StoryRevised',
      data: {
        storyId: first,
        slides: slides('revised', ['The lamp went out.', 'She stayed.', 'Dawn.']),
        slideOrigins: [0, 1, null],
        preview: image('revised', 0),
        tags: ['noir'],
        warnings: [],
        rating: 'general',
      },
    }),
    append(streams.story(second), {
      type: 'StoryLabelsChanged',
      data: { storyId: second, tags: ['noir'], warnings: ['abuse'] },
    }),
    append(streams.story(third), {
      type: 'StoryRatingChanged',
      data: { storyId: third, rating: 'explicit', reason: 'Explicit illustrations.' },
    }),
    append(streams.storyReports(second), {
      type: 'StoryReported',
      data: {
        storyId: second,
        reportId: key('report'),
        reason: 'illegal_content',
        text: reportText,
        reporterKey: `user:${fan.key}`,
        contact,
      },
    }),
    member(critic, criticEmail, criticHash),
    append(streams.storyReports(first), {
      type: 'StoryReported',
      data: {
        storyId: first,
        reportId: key('critic-report'),
        reason: 'other',
        text: criticText,
        reporterKey: `user:${critic.key}`,
        contact: null,
      },
    }),
    append(streams.user(critic.key), { type: 'UserDeleted', data: { accountId: critic.accountId } }),
    append(streams.storyReports(second), decided('hide', { closedAppealId: null, reports: true })),
    append(streams.story(second), {
      type: 'StoryHidden',
      data: { storyId: second, reason: 'It breaks the rules.' },
    }),
    append(streams.storyReports(second), {
      type: 'DecisionAppealed',
      data: {
        storyId: second,
        appealId: key('appeal'),
        decisionId: key('decision-hide'),
        userKey: maker.key,
        text: appealText,
      },
    }),
    append(
      streams.storyReports(second),
      decided('restore', { closedAppealId: key('appeal'), reports: false }),
    ),
    append(streams.story(second), {
      type: 'StoryRestored',
      data: { storyId: second, reason: 'The appeal holds.' },
    }),
    append(streams.story(third), { type: 'StoryDeleted', data: { storyId: third } }),
    append(
      streams.staff(staffId),
      {
        type: 'StaffInvited',
        data: {
          accountId: staffAccount,
          email: staffEmail,
          role: 'moderator',
          invitation: { tokenDigest: digest(`invite-${staffId}`), expiresAt: expires },
        },
      },
      {
        type: 'StaffPasswordSet',
        data: { tokenDigest: digest(`invite-${staffId}`), passwordHash: staffHash },
      },
      {
        type: 'StaffTotpSecretIssued',
        data: { tokenDigest: digest(`invite-${staffId}`), totpSecret: totp },
      },
      {
        type: 'StaffSecondFactorEnrolled',
        data: {
          tokenDigest: digest(`invite-${staffId}`),
          totpSecret: totp,
          recoveryCodeDigests: Array.from({ length: 10 }, (_, n) => digest(`recovery-${staffId}-${n}`)),
        },
      },
      { type: 'StaffLoggedIn', data: { totpStep: 58_000_000, recoveryCodeDigest: null } },
      {
        type: 'StaffSecondFactorReset',
        data: {
          email: staffEmail,
          invitation: { tokenDigest: digest(`reset-${staffId}`), expiresAt: expires },
        },
      },
    ),
    // A moderator's removal: the deletion, then the reasoned decision that takes its place in
    // the story's history (the third story's deletion above stays a plain one).
    append(streams.story(second), { type: 'StoryDeleted', data: { storyId: second } }),
    append(streams.storyReports(second), decided('delete', { closedAppealId: null, reports: false })),
    // The fan buys through a processor: one sale paid, one held for another amount, a notice
    // that names no purchase queued, and a refund.
    ...payments(fan, key('purchase')),
    // The night's reconciliation found a sale at the processor that the log never heard of.
    append(streams.reconciliation('local', '2026-03-01'), {
      type: 'ReconciliationCompleted',
      data: {
        provider: 'local',
        day: '2026-03-01',
        processorTransactions: 2,
        loggedTransactions: 1,
        differences: [
          {
            transactionId: key('unheard-sale'),
            kind: 'sale',
            issue: 'missing_here',
            here: null,
            there: { amountCents: 1500, currency: 'USD' },
          },
        ],
      },
    }),
  ];
  return { appends, destroyedSubjects: [critic.accountId] };
}

/**
 * The mixed history (mixed-history.ts) with every feature's events woven in at random places,
 * each kept in its own order: a history after which every read-model table holds rows, for the
 * tests that project one log in different ways and compare every table.
 */
export async function everyFeatureHistory(vault: PiiVault, events: number, seed = 1): Promise<MixedHistory> {
  const mixed = await mixedHistory(vault, events, seed);
  const { appends: features, destroyedSubjects } = await everyFeature(vault, seed);
  const rnd = seededRandom(seed + 1);
  const appends: HistoryAppend[] = [];
  let a = 0;
  let b = 0;
  while (a < mixed.appends.length || b < features.length) {
    const fromFeatures =
      b < features.length && (a >= mixed.appends.length || rnd() < features.length / mixed.appends.length);
    appends.push(fromFeatures ? features[b++]! : mixed.appends[a++]!);
  }
  return {
    appends,
    count: appends.reduce((sum, x) => sum + x.events.length, 0),
    destroyedSubjects: [...mixed.destroyedSubjects, ...destroyedSubjects],
  };
}
