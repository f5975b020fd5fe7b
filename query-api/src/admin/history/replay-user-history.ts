import { evolveUser, initialUserState, type UserEvent, type UserState } from '@nocturne/domain';
import { type Actor, type RecordedEvent, streams, userKeyOf } from '@nocturne/events';
import { aggregateStream, type EventStore } from '@nocturne/events/store';
import { openPersonalField, type PiiVault, transactionIdOf } from '@nocturne/vault';

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
  /** Who caused it, from the event's metadata; an admin's IP decrypted (null once erased). */
  actor: ShownActor;
  /** The actor in words: "the user", "admin session abc from 10.0.0.1", ... */
  who: string;
  details: Record<string, string | number | boolean | null>;
}

/** An event's actor as the audit shows it: an admin's sealed IP address opened. */
export type ShownActor =
  | Exclude<Actor, { kind: 'admin' }>
  | { kind: 'admin'; session: string; ip: string | null; staffId?: string | undefined };

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
  /**
   * True when the account is deleted now (whatever `as_of` says): its personal data is shredded
   * and the admin panel's history answers 404; the audit CLI still shows what is left.
   */
  erased: boolean;
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

export function describeActor(actor: ShownActor): string {
  switch (actor.kind) {
    case 'user':
      return 'the user';
    case 'admin':
      return `admin session ${actor.session} from ${
        actor.ip === null ? '[erased address]' : actor.ip || 'unknown address'
      }`;
    case 'invite':
      return 'an invite-code holder';
    case 'anonymous':
      return 'an anonymous visitor';
    case 'system':
      return 'the system';
  }
}

/** An admin's IP is sealed under the account's key (plain text in events recorded before sealing was introduced). */
async function shownActor(actor: Actor, vault: PiiVault): Promise<ShownActor> {
  if (actor.kind !== 'admin') return actor;
  return { ...actor, ip: await openPersonalField(vault, actor.ip) };
}

async function detailsOf(event: RecordedEvent<UserEvent>, vault: PiiVault): Promise<HistoryEntry['details']> {
  switch (event.type) {
    case 'PaymentConfirmationSubmitted':
      return {
        // Null once the account is erased: the vault no longer has its key.
        email: await vault.decrypt(event.data.email),
        amount: event.data.amount,
        transaction_id: await transactionIdOf(vault, event.data),
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
 * The audit replay of the account at `address` (see replayUserStream): the address is only the
 * way to its stream, and is never echoed back.
 */
export function replayUserHistory(deps: HistoryDeps, address: string, asOf: Date): Promise<UserHistory> {
  return replayUserStream(deps, streams.user(userKeyOf(address, deps.secret)), asOf);
}

/**
 * The audit replay: reads the user's stream from the event store (not the read model), keeps
 * the events recorded up to `asOf`, and folds them (`aggregateStream`, as every command does)
 * with the very `evolveUser` every command decides on, so the state shown is the state the
 * server acted on at that time. Personal fields are decrypted with the vault; an erased
 * account's are gone. By stream, so that an erased account, whose address nobody may know any
 * more, is still found by its id.
 */
export async function replayUserStream(
  deps: Pick<HistoryDeps, 'store' | 'vault'>,
  stream: string,
  asOf: Date,
): Promise<UserHistory> {
  // As of the time asked, and as of now: a deleted account is erased whatever `asOf` says.
  const [{ state, events, exists }, now] = await Promise.all([
    aggregateStream<UserState, UserEvent>(deps.store, stream, evolveUser, initialUserState, {
      recordedUpTo: asOf,
    }),
    aggregateStream<UserState, UserEvent>(deps.store, stream, evolveUser, initialUserState),
  ]);
  const timeline: HistoryEntry[] = [];
  for (const event of events) {
    if (!shown.has(event.type)) continue;
    const actor = await shownActor(event.metadata.actor, deps.vault);
    timeline.push({
      at: event.recordedAt.toISOString(),
      position: event.position,
      type: event.type,
      actor,
      who: describeActor(actor),
      details: await detailsOf(event, deps.vault),
    });
  }
  return {
    stream,
    found: exists,
    erased: now.state.status === 'deleted',
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
