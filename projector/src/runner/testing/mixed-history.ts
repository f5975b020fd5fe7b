import { createHash, randomUUID } from 'node:crypto';
import { type CommandContext, type DomainEvent, encodeEvent, streams } from '@nocturne/events';
import type { NewEvent } from '@nocturne/events/store';
import { seededRandom } from '@nocturne/test-kit/seeded-random';
import type { PiiVault } from '@nocturne/vault';

/** One append of a generated history: events for one stream, in stream order. */
export interface HistoryAppend {
  streamName: string;
  events: NewEvent[];
}

export interface MixedHistory {
  appends: HistoryAppend[];
  /** Events in all. */
  count: number;
  /** Subjects whose key must be destroyed after the appends (their owners were deleted). */
  destroyedSubjects: string[];
}

const digest = (text: string) => createHash('sha256').update(text).digest('hex');
const context: CommandContext = {
  correlationId: 'history',
  causationId: 'history',
  actor: { kind: 'system' },
};
const encode = (event: DomainEvent) => encodeEvent(event, context, randomUUID());

/**
 * A realistic history of about `events` events for tests and the bench: stories published
 * (some premium), long runs of likes and views, accounts that register, verify, log in and out,
 * pay, get premium and unlock stories, and at the end some stories withdrawn (deleted by the
 * admin or unpublished by their creator), accounts deleted and the withdrawn stories' unlocks
 * given back to the readers left. Every
 * event passes its catalogue schema, and streams stay in the order the command side keeps.
 * Personal fields are encrypted with `vault`; the keys of deleted accounts are listed in
 * `destroyedSubjects` (destroy them once stored, as account deletion does). Stored by
 * `insertHistory` (insert-history.ts).
 */
export async function mixedHistory(vault: PiiVault, events: number, seed = 1): Promise<MixedHistory> {
  const rnd = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!;
  const storyCount = Math.max(10, Math.round(events / 500));
  const userCount = Math.max(10, Math.round(events / 100));
  const first: HistoryAppend[] = [];
  const middle: HistoryAppend[][] = [];
  const last: HistoryAppend[] = [];
  const destroyedSubjects: string[] = [];

  const withdrawals = new Map<string, 'deleted' | 'unpublished'>();
  const returns: HistoryAppend[] = [];
  const stories = Array.from({ length: storyCount }, (_, n) => ({
    id: randomUUID(),
    premium: n % 4 === 0,
  }));
  for (const [n, story] of stories.entries()) {
    const image = (k: number) => ({ ref: `img-${story.id.slice(0, 8)}-${k}`, width: 800, height: 1200 });
    first.push({
      streamName: streams.story(story.id),
      events: [
        encode({
          type: 'StoryPublished',
          data: {
            storyId: story.id,
            slides: [
              { image: image(1), text: `Story ${n}, first page.` },
              { image: image(2), text: `Story ${n}, second page.` },
            ],
            preview: image(0),
            isPremium: story.premium,
            tags: [],
            warnings: [],
            rating: 'mature',
          },
        }),
      ],
    });
    if (n % 7 === 3) {
      last.push({
        streamName: streams.story(story.id),
        events: [encode({ type: 'StoryDeleted', data: { storyId: story.id } })],
      });
      withdrawals.set(story.id, 'deleted');
    } else if (n % 8 === 4) {
      last.push({
        streamName: streams.story(story.id),
        events: [encode({ type: 'StoryUnpublished', data: { storyId: story.id } })],
      });
      withdrawals.set(story.id, 'unpublished');
    }
  }
  const premiumStories = stories.filter((s) => s.premium);

  // The personal fields first, a few at a time (one vault round trip each).
  const accounts: {
    accountId: string;
    email: string;
    passwordHash: string;
    transactionId: string;
    paymentMethod: string;
  }[] = [];
  for (let n = 0; n < userCount; n += 8) {
    const chunk = Array.from({ length: Math.min(8, userCount - n) }, async (_, k) => {
      const accountId = randomUUID();
      const [email, passwordHash, transactionId, paymentMethod] = await Promise.all([
        vault.encrypt(accountId, `reader${n + k}@nocturne.test`),
        vault.encrypt(accountId, `$argon2id$hash-${n + k}`),
        vault.encrypt(accountId, `TX-${n + k}`),
        vault.encrypt(accountId, 'PayPal'),
      ]);
      return { accountId, email, passwordHash, transactionId, paymentMethod };
    });
    accounts.push(...(await Promise.all(chunk)));
  }

  let userEvents = 0;
  for (let n = 0; n < userCount; n++) {
    const userKey = digest(`user-${seed}-${n}`).slice(0, 32);
    const stream = streams.user(userKey);
    const { accountId, email, passwordHash, transactionId, paymentMethod } = accounts[n]!;
    const expires = new Date(Date.UTC(2030, 0, 1)).toISOString();
    first.push({
      streamName: stream,
      events: [
        encode({
          type: 'UserRegistered',
          data: {
            accountId,
            email,
            passwordHash,
            ageConfirmedAt: new Date(Date.UTC(2025, 0, 1)).toISOString(),
            verification: { tokenDigest: digest(`verify-${userKey}`), expiresAt: expires },
          },
        }),
      ],
    });
    const activity: HistoryAppend[] = [];
    const push = (...domainEvents: DomainEvent[]) => {
      activity.push({ streamName: stream, events: domainEvents.map(encode) });
      userEvents += domainEvents.length;
    };
    userEvents += 1;
    if (rnd() < 0.8) push({ type: 'EmailVerified', data: { tokenDigest: digest(`verify-${userKey}`) } });
    const sessions = 1 + Math.floor(rnd() * 3);
    for (let s = 0; s < sessions; s++) {
      const sessionDigest = digest(`session-${userKey}-${s}`);
      push({ type: 'UserLoggedIn', data: { sessionDigest, expiresAt: expires } });
      if (rnd() < 0.3) push({ type: 'UserLoggedOut', data: { sessionDigest } });
    }
    if (rnd() < 0.4 && premiumStories.length > 0) {
      push({
        type: 'PaymentConfirmationSubmitted',
        data: {
          email,
          amount: rnd() < 0.5 ? 15 : 10,
          transactionId: rnd() < 0.5 ? transactionId : null,
          paymentMethod,
        },
      });
      if (rnd() < 0.8) {
        push({ type: 'PremiumGranted', data: { stories: 3 } });
        const unlocked = new Set<string>();
        for (let u = 0; u < 2; u++) unlocked.add(pick(premiumStories).id);
        for (const storyId of unlocked) push({ type: 'PremiumStoryUnlocked', data: { storyId } });
        if (rnd() < 0.2) push({ type: 'PremiumRevoked', data: {} });
        for (const storyId of unlocked) {
          const reason = withdrawals.get(storyId);
          if (reason && n % 9 !== 4) {
            returns.push({
              streamName: stream,
              events: [encode({ type: 'PremiumUnlockReturned', data: { storyId, reason } })],
            });
          }
        }
      }
    }
    middle.push(activity);
    if (n % 9 === 4) {
      last.push({ streamName: stream, events: [encode({ type: 'UserDeleted', data: { accountId } })] });
      destroyedSubjects.push(accountId);
      userEvents += 1;
    }
  }

  // Likes and views fill the rest, in appends of up to 50 (a burst of readers).
  // The returns come last, after the withdrawals of their stories.
  last.push(...returns);
  let remaining = Math.max(0, events - storyCount - userEvents - last.length + destroyedSubjects.length);
  while (remaining > 0) {
    const story = pick(stories);
    const kind = rnd() < 0.3 ? 'StoryLiked' : 'StoryViewed';
    const size = Math.min(remaining, 1 + Math.floor(rnd() * 50));
    const streamName = kind === 'StoryLiked' ? streams.storyLikes(story.id) : streams.storyViews(story.id);
    middle.push([
      {
        streamName,
        events: Array.from({ length: size }, () => encode({ type: kind, data: { storyId: story.id } })),
      },
    ]);
    remaining -= size;
  }

  // Interleave the middle: each queue keeps its own order, queues are drawn at random.
  const queues = middle.filter((q) => q.length > 0).map((q) => [...q]);
  const interleaved: HistoryAppend[] = [];
  while (queues.length > 0) {
    const index = Math.floor(rnd() * queues.length);
    const queue = queues[index]!;
    interleaved.push(queue.shift()!);
    if (queue.length === 0) queues.splice(index, 1);
  }
  const appends = [...first, ...interleaved, ...last];
  return { appends, count: appends.reduce((sum, a) => sum + a.events.length, 0), destroyedSubjects };
}
