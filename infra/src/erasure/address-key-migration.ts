import { evolveUser, initialUserState } from '@nocturne/domain';
import { streams } from '@nocturne/events';
import { aggregateStream, type EventStore } from '@nocturne/events/store';
import type { AddressKeyMigration, AddressSources, PiiVault, PostgresPiiVault } from '@nocturne/vault';

const PAGE = 1_000;
const USER_PREFIX = streams.user('');
const WAITLIST_PREFIX = streams.waitlist('');
const STAFF_PREFIX = streams.staff('');

/** The streams of the log that hold accounts and waitlist entries: one read of the whole log. */
async function streamsWithAddresses(
  store: EventStore,
): Promise<{ users: Set<string>; waitlist: Set<string> }> {
  const users = new Set<string>();
  const waitlist = new Set<string>();
  for (let after = 0; ; ) {
    const read = await store.readTypes(after, PAGE, ['UserRegistered', 'WaitlistJoined']);
    for (const event of read.events) {
      if (event.streamName.startsWith(USER_PREFIX)) users.add(event.streamName.slice(USER_PREFIX.length));
      else if (event.streamName.startsWith(WAITLIST_PREFIX))
        waitlist.add(event.streamName.slice(WAITLIST_PREFIX.length));
    }
    if (read.atHead) return { users, waitlist };
    after = read.through;
  }
}

/**
 * The sealed addresses of every staff stream's invitations, oldest first, the streams in the order
 * of their last invitation: one read of the whole log.
 */
async function staffInvitations(store: EventStore): Promise<Map<string, string[]>> {
  const invitations = new Map<string, string[]>();
  for (let after = 0; ; ) {
    const read = await store.readTypes(after, PAGE, ['StaffInvited']);
    for (const event of read.events) {
      if (!event.streamName.startsWith(STAFF_PREFIX)) continue;
      const staffId = event.streamName.slice(STAFF_PREFIX.length);
      const sealed = [...(invitations.get(staffId) ?? []), (event.data as { email: string }).email];
      invitations.delete(staffId);
      invitations.set(staffId, sealed);
    }
    if (read.atHead) return invitations;
    after = read.through;
  }
}

/** The addresses the log holds, read with the vault: erased accounts and shredded entries have none. */
export function addressSourcesOf(store: EventStore, vault: PiiVault): AddressSources {
  async function liveAccount(userKey: string) {
    const { state } = await aggregateStream(store, streams.user(userKey), evolveUser, initialUserState);
    if (state.status !== 'registered' || !state.accountId || !state.encryptedEmail) return null;
    const email = await vault.decrypt(state.encryptedEmail);
    return email === null ? null : { accountId: state.accountId, email };
  }
  return {
    async addressOfAccount(userKey) {
      return (await liveAccount(userKey))?.email ?? null;
    },
    async *addressesInLog(claimed) {
      const { users, waitlist } = await streamsWithAddresses(store);
      for (const userKey of users) {
        if (claimed.accounts.has(userKey)) continue;
        const account = await liveAccount(userKey);
        if (account)
          yield { kind: 'account', holder: { userKey, accountId: account.accountId }, email: account.email };
      }
      for (const entryKey of waitlist) {
        if (claimed.waitlist.has(entryKey)) continue;
        const [joined] = await store.readStream(streams.waitlist(entryKey));
        const sealed = (joined?.data as { email?: unknown } | undefined)?.email;
        const email = typeof sealed === 'string' ? await vault.decrypt(sealed) : null;
        if (email !== null) yield { kind: 'waitlist', entryKey, email };
      }
    },
    async *staffInLog(claimed) {
      const invitations = await staffInvitations(store);
      for (const [staffId, sealed] of [...invitations].reverse()) {
        if (claimed.has(staffId)) continue;
        // Every invitation of a stream is of its one address: the newest one still readable.
        for (const value of sealed.reverse()) {
          const email = await vault.decrypt(value);
          if (email !== null) {
            yield { staffId, email };
            break;
          }
        }
      }
    },
  };
}

/**
 * Run by every process as it connects, before it serves: claims move to the vault's address key,
 * and accounts, waitlist entries and staff members from before claims get one (docs/decisions/0011).
 */
export async function migrateToAddressKey(
  store: EventStore,
  vault: PostgresPiiVault,
  log: (line: string) => void,
): Promise<AddressKeyMigration> {
  const done = await vault.migrateToAddressKey(addressSourcesOf(store, vault));
  if (Object.values(done).some((n) => n > 0)) {
    log(
      `address key: ${done.rekeyed} claims re-keyed, ${done.released} released, ` +
        `${done.accountsClaimed} older accounts, ${done.waitlistClaimed} waitlist entries and ` +
        `${done.staffClaimed} staff members claimed`,
    );
  }
  return done;
}
