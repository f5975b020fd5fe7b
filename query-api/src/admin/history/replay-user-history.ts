import { evolveUser, initialUserState, type UserEvent, type UserState } from '@nocturne/domain';
import {
  type Actor,
  decodeEvent,
  premiumHistoryEventTypes,
  type RecordedEvent,
  streams,
} from '@nocturne/events';
import type { EventStore } from '@nocturne/events/store';
import {
  type AddressClaims,
  openPersonalField,
  type PiiVault,
  paymentMethodOf,
  transactionIdOf,
  userKeyOfAddress,
} from '@nocturne/vault';

export interface HistoryDeps {
  store: EventStore;
  vault: PiiVault & AddressClaims;
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
  | Exclude<Actor, { kind: 'admin' | 'user' }>
  | { kind: 'user' }
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
  /** The stream replayed (named by the account's claimed key, which says nothing of the address). */
  stream: string;
  /** False when no account holds the address (it never had one, or its account was erased). */
  found: boolean;
  /**
   * True when the address's account is deleted now (whatever `as_of` says): its personal data
   * is shredded, the admin panel's history answers 404, and the replay shows nothing of it (its
   * records are replayed by its account id).
   */
  erased: boolean;
  as_of: string;
  /** The decrypted address of the account as of that time; null when unknown or erased. */
  email: string | null;
  timeline: HistoryEntry[];
  state: HistoryState;
}

/**
 * The events an auditor follows: purchase and premium, and the member's age assurances, with the
 * account's life for context.
 */
const shown: ReadonlySet<UserEvent['type']> = new Set([
  'UserRegistered',
  'EmailVerified',
  ...premiumHistoryEventTypes,
  'AccountFlaggedForStaff',
  'AgeAssured',
]);

/**
 * The user events the audit reads: those it shows, and the one more that moves what its state
 * reports (a replaced signup's new address). The others (sessions, tokens, settings) change
 * nothing it reports, and a reader's stream is mostly logins: they are not read at all.
 */
export const AUDITED_USER_EVENTS: readonly UserEvent['type'][] = [...shown, 'UnverifiedSignupReplaced'];

/** A user stream's audited events, decoded, oldest first. */
export async function auditedEvents(
  store: Pick<EventStore, 'readStreamTypes'>,
  stream: string,
): Promise<RecordedEvent<UserEvent>[]> {
  return (await store.readStreamTypes(stream, AUDITED_USER_EVENTS)).map(
    (stored) => decodeEvent(stored) as RecordedEvent<UserEvent>,
  );
}

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
  // The user's own key is the address's: an erased account's replay must not carry it.
  if (actor.kind === 'user') return { kind: 'user' };
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
        payment_method: await paymentMethodOf(vault, event.data),
      };
    case 'PremiumGranted':
      return {
        stories: event.data.stories,
        purchase_id: event.data.purchaseId ?? null,
        // A paid grant: the processor's payment, as a confirmation's fields read.
        ...(event.data.payment
          ? {
              amount: event.data.payment.amountCents / 100,
              transaction_id: event.data.payment.transactionId,
              payment_method: event.data.payment.provider,
            }
          : {}),
      };
    case 'PremiumRevoked':
      return { purchase_id: event.data.purchaseId ?? null, reason: event.data.reason ?? null };
    case 'AccountFlaggedForStaff':
      return { purchase_id: event.data.purchaseId, reason: event.data.reason };
    case 'PremiumStoryUnlocked':
      return { story_id: event.data.storyId };
    case 'PremiumUnlockReturned':
      return { story_id: event.data.storyId, reason: event.data.reason };
    case 'AgeAssured':
      // Only the result, as the event holds it: the method, the provider and until when.
      return {
        assurance_method: event.data.method,
        assurance_provider: event.data.provider,
        assured_until: event.data.expiresAt,
      };
    default:
      return {};
  }
}

/** The events of one account, oldest first, folded as of `asOf` into what the audit shows. */
export async function historyOfAccount(
  vault: PiiVault,
  events: readonly RecordedEvent<UserEvent>[],
  asOf: Date,
): Promise<Pick<UserHistory, 'email' | 'timeline' | 'state'>> {
  const upTo = events.filter((event) => event.recordedAt.getTime() <= asOf.getTime());
  const state = upTo.reduce<UserState>(evolveUser, initialUserState());
  const timeline: HistoryEntry[] = [];
  for (const event of upTo) {
    if (!shown.has(event.type)) continue;
    const actor = await shownActor(event.metadata.actor, vault);
    timeline.push({
      at: event.recordedAt.toISOString(),
      position: event.position,
      type: event.type,
      actor,
      who: describeActor(actor),
      details: await detailsOf(event, vault),
    });
  }
  return {
    email: state.encryptedEmail ? await vault.decrypt(state.encryptedEmail) : null,
    timeline,
    state: {
      registered: state.status === 'registered',
      deleted: state.status === 'deleted',
      verified: state.verified,
      premium: state.isPremiumMember,
      stories_remaining: state.premiumRemaining,
      stories_unlocked: [...state.unlockedStories],
    },
  };
}

/**
 * The audit replay of an address: reads the user's stream from the event store (not the read
 * model) and folds the events of the address's account recorded up to `asOf` with the very
 * `evolveUser` every command decides on, so the state shown is the state the server acted on at
 * that time. Personal fields are decrypted with the vault, and the address asked for is never
 * echoed back.
 *
 * Only the account the address holds now: an account of the address that was deleted is erased,
 * and nothing of it is reached from the address any more, not even when the address signed up
 * again. Its records (amounts, dates, grants) stay in the log for the books, replayed by its
 * account id (replay-account-history.ts).
 */
export async function replayUserHistory(
  deps: HistoryDeps,
  address: string,
  asOf: Date,
): Promise<UserHistory> {
  const stream = streams.user((await userKeyOfAddress(deps.vault, address)).userKey);
  const events = await auditedEvents(deps.store, stream);
  const now = events.reduce<UserState>(evolveUser, initialUserState());
  const live = now.status === 'registered';
  const since = live ? (now.accountSince ?? 0) : Number.POSITIVE_INFINITY;
  const own = events.filter((event) => event.position >= since);
  return {
    stream,
    found: events.length > 0,
    erased: now.status === 'deleted',
    as_of: asOf.toISOString(),
    ...(await historyOfAccount(deps.vault, own, asOf)),
  };
}
