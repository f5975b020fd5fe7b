import type { UserEvent } from '@nocturne/domain';
import { decodeEvent, type RecordedEvent } from '@nocturne/events';
import type { EventStore } from '@nocturne/events/store';
import type { PiiVault } from '@nocturne/vault';
import { auditedEvents, historyOfAccount, type UserHistory } from './replay-user-history';

/** How many events of the feed one look for registrations covers. */
const SCAN_STRETCH = 10_000;

/** An account's replay: like an address's, named by the account id alone. */
export interface AccountHistory extends Omit<UserHistory, 'stream' | 'found'> {
  account_id: string;
}

/** The UserRegistered of the account, found in the feed by its id (the only place the id is). */
async function registrationOf(
  store: EventStore,
  accountId: string,
): Promise<RecordedEvent<UserEvent> | undefined> {
  for (let after = 0; ; ) {
    const read = await store.readTypes(after, SCAN_STRETCH, ['UserRegistered']);
    for (const stored of read.events) {
      const event = decodeEvent(stored) as RecordedEvent<UserEvent>;
      if (event.type === 'UserRegistered' && event.data.accountId === accountId) return event;
    }
    if (read.atHead) return undefined;
    after = read.through;
  }
}

/**
 * The audit replay of one account by its id, for the books: the events of its user stream from
 * its registration to its deletion (or to now while it lives), folded as of `asOf` like an
 * address's replay. It is how an erased account's records (amounts, dates, grants, unlocks) are
 * still audited once its address no longer leads to them; its personal fields read as erased
 * and the answer names neither the address nor its key. Undefined for an id no account had.
 */
export async function replayAccountHistory(
  deps: { store: EventStore; vault: PiiVault },
  accountId: string,
  asOf: Date,
): Promise<AccountHistory | undefined> {
  const registration = await registrationOf(deps.store, accountId);
  if (!registration) return undefined;
  const stream = await auditedEvents(deps.store, registration.streamName);
  const own: RecordedEvent<UserEvent>[] = [];
  for (const event of stream) {
    if (event.position < registration.position) continue;
    // A later registration on the stream is another account of the same address.
    if (event.type === 'UserRegistered' && event.position > registration.position) break;
    own.push(event);
    if (event.type === 'UserDeleted') break;
  }
  const history = await historyOfAccount(deps.vault, own, asOf);
  return {
    account_id: accountId,
    erased: own.at(-1)?.type === 'UserDeleted',
    as_of: asOf.toISOString(),
    ...history,
  };
}
