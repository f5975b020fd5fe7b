import { type Actor, type RecordedEvent, streams, userKeyOf } from '@nocturne/events';
import { evolveUser, initialUserState, type UserEvent, type UserState } from '@nocturne/events/domain';
import type { PiiVault } from '@nocturne/events/pii';
import { aggregateStream, type EventStore } from '@nocturne/events/store';

export interface HistoryDeps {
  store: EventStore;
  vault: PiiVault;
  /** The server secret: the user stream is named by an HMAC of the address. */
  secret: string;
}

export interface HistoryEntry {
  at: string;
  position: number;
  type: UserEvent['type'];
  /** Who caused it, as recorded in the event's metadata. */
  actor: Actor;
  /** The actor in words: "the user", "admin session abc from 10.0.0.1", ... */
  who: string;
  details: Record<string, string | number | boolean | null>;
}

export interface HistoryState {
  registered: boolean;
  deleted: boolean;
  verified: boolean;
  premium: boolean;
  stories_remaining: number;
  stories_unlocked: string[];
}

export interface UserHistory {
  /** The stream replayed (pseudonymous: an HMAC of the address). */
  stream: string;
  /** False when the address never had an account (the stream is empty). */
  found: boolean;
  as_of: string;
  /** The decrypted address of the account as of that time; null when unknown or erased. */
  email: string | null;
  timeline: HistoryEntry[];
  state: HistoryState;
}

/** The events an auditor follows: purchase and premium, with the account's life for context. */
const shown: ReadonlySet<UserEvent['type']> = new Set([
  'UserRegistered',
  'EmailVerified',
  'PaymentConfirmationSubmitted',
  'PremiumGranted',
  'PremiumRevoked',
  'PremiumStoryUnlocked',
  'UserDeleted',
]);

export function describeActor(actor: Actor): string {
  switch (actor.kind) {
    case 'user':
      return 'the user';
    case 'admin':
      return `admin session ${actor.session} from ${actor.ip || 'unknown address'}`;
    case 'invite':
      return 'an invite-code holder';
    case 'anonymous':
      return 'an anonymous visitor';
    case 'system':
      return 'the system';
  }
}

async function detailsOf(event: RecordedEvent<UserEvent>, vault: PiiVault): Promise<HistoryEntry['details']> {
  switch (event.type) {
    case 'PaymentConfirmationSubmitted':
      return {
        // Null once the account is erased: the vault no longer has its key.
        email: await vault.decrypt(event.data.email),
        amount: event.data.amount,
        transaction_id: event.data.transactionId,
        payment_method: event.data.paymentMethod,
      };
    case 'PremiumGranted':
      return { stories: event.data.stories };
    case 'PremiumStoryUnlocked':
      return { story_id: event.data.storyId };
    default:
      return {};
  }
}

/**
 * The audit replay: reads the user's stream from the event store (not the read model), keeps
 * the events recorded up to `asOf`, and folds them (`aggregateStream`, as every command does)
 * with the very `evolveUser` every command decides on, so the state shown is the state the
 * server acted on at that time. Personal fields are decrypted with the vault; an erased
 * account's are gone, and the address asked for is never echoed back.
 */
export async function replayUserHistory(
  deps: HistoryDeps,
  address: string,
  asOf: Date,
): Promise<UserHistory> {
  const stream = streams.user(userKeyOf(address, deps.secret));
  const { state, events, exists } = await aggregateStream<UserState, UserEvent>(
    deps.store,
    stream,
    evolveUser,
    initialUserState,
    { recordedUpTo: asOf },
  );
  const timeline: HistoryEntry[] = [];
  for (const event of events) {
    if (!shown.has(event.type)) continue;
    timeline.push({
      at: event.recordedAt.toISOString(),
      position: event.position,
      type: event.type,
      actor: event.metadata.actor,
      who: describeActor(event.metadata.actor),
      details: await detailsOf(event, deps.vault),
    });
  }
  return {
    stream,
    found: exists,
    as_of: asOf.toISOString(),
    email: state.encryptedEmail ? await deps.vault.decrypt(state.encryptedEmail) : null,
    timeline,
    state: {
      registered: state.status === 'registered',
      deleted: state.status === 'deleted',
      verified: state.verified,
      premium: state.isSubscribed,
      stories_remaining: state.premiumRemaining,
      stories_unlocked: [...state.unlockedStories],
    },
  };
}
