import { premiumRemaining } from '@nocturne/domain';
import { idOf, premiumEventTypes, type RecordedEvent } from '@nocturne/events';
import type { PiiVault } from '@nocturne/vault';
import { type Selectable, sql } from 'kysely';
import type { SessionsTable, UsersTable } from '../../read-model/schema';
import { inChunks } from '../../runner/in-chunks';
import type { BatchTransaction, Projection } from '../../runner/projection';
import { unnestRows } from '../../runner/unnest-rows';
/**
 * Tables `users` and `sessions`: who is logged in (query-api's session user) and the admin's
 * user list. Times are the events' own (recordedAt), never now(): a rebuild gives the same rows.
 * The row of a deleted account goes with its sessions; an account whose key has been destroyed
 * (a rebuild after deletion) is never inserted, since its address can no longer be read.
 */
export const usersProjection: Projection = {
  name: 'users',
  handles: [
    'UserRegistered',
    'EmailVerified',
    'UserLoggedIn',
    'UserLoggedOut',
    'PasswordReset',
    ...premiumEventTypes,
    'AccountFlaggedForStaff',
    'UserDeleted',
  ],
  async applyBatch(trx, events, { vault }) {
    const emails = await decryptRegistrations(events, vault);
    const keys = [...new Set(events.map((e) => idOf(e.streamName)))].sort();
    // Each user's row as it is before the batch, then folded in memory through the batch.
    const rows = new Map<string, Selectable<UsersTable> | null>(keys.map((key) => [key, null]));
    if (keys.length > 0) {
      // One array parameter, not one per key: a catch-up batch names tens of thousands.
      const found = await trx
        .selectFrom('users')
        .selectAll()
        .where('user_key', '=', sql<string>`any(${keys}::text[])`)
        .execute();
      for (const row of found) {
        rows.set(row.user_key, row);
      }
    }
    const before = new Map(rows);
    const touched = new Set<string>();
    // Sessions: the users whose sessions all go (at some point in the batch), then per digest
    // whether its stored row goes and which row the batch leaves (inserted after the deletions).
    const clearedUsers = new Set<string>();
    const sessions = new Map<string, SessionFold>();
    // The digests each user opened in the batch: clearing a user's sessions looks only at theirs
    // (every registration clears, and a scan of the batch's sessions for each made a catch-up
    // batch quadratic).
    const openedBy = new Map<string, string[]>();
    const clearSessions = (userKey: string) => {
      clearedUsers.add(userKey);
      for (const digest of openedBy.get(userKey) ?? []) {
        const fold = sessions.get(digest);
        if (fold?.insert?.user_key === userKey) fold.insert = undefined;
      }
      openedBy.delete(userKey);
    };
    const update = (userKey: string, change: (row: Selectable<UsersTable>) => Selectable<UsersTable>) => {
      const row = rows.get(userKey);
      if (!row) return; // as an UPDATE of a missing row: nothing
      rows.set(userKey, change(row));
      touched.add(userKey);
    };

    for (const event of events) {
      const userKey = idOf(event.streamName);
      switch (event.type) {
        case 'UserRegistered': {
          const email = emails.get(event.eventId);
          // An account whose key has been destroyed is never inserted: its address is gone.
          if (email === null || email === undefined) break;
          // A stream registers again only after a deletion; a fresh account replaces all.
          rows.set(userKey, {
            user_key: userKey,
            account_id: event.data.accountId,
            email,
            verified: false,
            premium_member: false,
            premium_stories_remaining: 0,
            flagged_for_staff: false,
            created_at: event.recordedAt,
            verified_at: null,
            last_login: null,
          });
          touched.add(userKey);
          clearSessions(userKey);
          break;
        }
        case 'EmailVerified':
          update(userKey, (row) => ({ ...row, verified: true, verified_at: event.recordedAt }));
          break;
        case 'UserLoggedIn': {
          const fold = sessions.get(event.data.sessionDigest) ?? { deleteFirst: false };
          // As an insert that does nothing on conflict: a session the batch already opened stays.
          if (!fold.insert) {
            fold.insert = {
              session_digest: event.data.sessionDigest,
              user_key: userKey,
              expires_at: new Date(event.data.expiresAt),
            };
            const opened = openedBy.get(userKey);
            if (opened) opened.push(event.data.sessionDigest);
            else openedBy.set(userKey, [event.data.sessionDigest]);
          }
          sessions.set(event.data.sessionDigest, fold);
          update(userKey, (row) => ({ ...row, last_login: event.recordedAt }));
          break;
        }
        case 'UserLoggedOut':
          sessions.set(event.data.sessionDigest, { deleteFirst: true });
          break;
        case 'PasswordReset':
          clearSessions(userKey);
          break;
        case 'PremiumGranted':
          update(userKey, (row) => ({
            ...row,
            premium_member: true,
            premium_stories_remaining: row.premium_stories_remaining + event.data.stories,
          }));
          break;
        case 'PremiumRevoked':
          update(userKey, (row) => {
            const remaining = premiumRemaining.afterRevoke(row.premium_stories_remaining, event.data.stories);
            return {
              ...row,
              premium_member: event.data.purchaseId ? row.premium_member && remaining > 0 : false,
              premium_stories_remaining: remaining,
            };
          });
          break;
        case 'PremiumStoryUnlocked':
          update(userKey, (row) => ({
            ...row,
            premium_stories_remaining: row.premium_stories_remaining - 1,
          }));
          break;
        case 'PremiumUnlockReturned':
          update(userKey, (row) => ({
            ...row,
            premium_stories_remaining: premiumRemaining.afterReturn(
              row.premium_stories_remaining,
              row.premium_member,
            ),
          }));
          break;
        case 'AccountFlaggedForStaff':
          update(userKey, (row) => ({ ...row, flagged_for_staff: true }));
          break;
        case 'UserDeleted':
          clearSessions(userKey);
          rows.set(userKey, null);
          touched.add(userKey);
          break;
      }
    }

    await writeSessions(trx, clearedUsers, sessions);
    const gone = [...touched].filter((key) => rows.get(key) === null);
    if (gone.length > 0) {
      await trx.deleteFrom('users').where('user_key', '=', sql<string>`any(${gone}::text[])`).execute();
    }
    const live = [...touched].flatMap((key) => {
      const row = rows.get(key);
      return row ? [row] : [];
    });
    await moveUserCounts(
      trx,
      [...touched].map((key) => [before.get(key) ?? null, rows.get(key) ?? null]),
    );
    if (live.length > 0) {
      const { columns, select } = unnestRows(live, {
        user_key: 'text',
        account_id: 'uuid',
        email: 'text',
        verified: 'boolean',
        premium_member: 'boolean',
        premium_stories_remaining: 'int',
        flagged_for_staff: 'boolean',
        created_at: 'timestamptz',
        verified_at: 'timestamptz',
        last_login: 'timestamptz',
      });
      await sql`insert into users (${columns}) ${select}
        on conflict (user_key) do update set account_id = excluded.account_id, email = excluded.email,
          verified = excluded.verified, premium_member = excluded.premium_member,
          premium_stories_remaining = excluded.premium_stories_remaining,
          flagged_for_staff = excluded.flagged_for_staff, created_at = excluded.created_at, verified_at = excluded.verified_at,
          last_login = excluded.last_login`.execute(trx);
    }
  },
};

type UserRow = Selectable<UsersTable> | null;

/**
 * The panel's totals (`user_counts`) moved by what the batch did to each account's row (before,
 * after): one statement per batch, so that the panel never counts the users table.
 */
async function moveUserCounts(trx: BatchTransaction, changes: readonly [UserRow, UserRow][]) {
  let total = 0;
  let verified = 0;
  let premiumMembers = 0;
  const one = (flag: boolean | undefined) => (flag ? 1 : 0);
  for (const [was, is] of changes) {
    total += one(is !== null) - one(was !== null);
    verified += one(is?.verified) - one(was?.verified);
    premiumMembers += one(is?.premium_member) - one(was?.premium_member);
  }
  if (total === 0 && verified === 0 && premiumMembers === 0) return;
  await trx
    .insertInto('user_counts')
    .values({ id: 1, total, verified, premium_members: premiumMembers })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet((eb) => ({
        total: eb('user_counts.total', '+', eb.ref('excluded.total')),
        verified: eb('user_counts.verified', '+', eb.ref('excluded.verified')),
        premium_members: eb('user_counts.premium_members', '+', eb.ref('excluded.premium_members')),
      })),
    )
    .execute();
}

/** The batch's registration addresses by event id, with one vault lookup for the whole batch. */
async function decryptRegistrations(
  events: readonly RecordedEvent[],
  vault: PiiVault,
): Promise<Map<string, string | null>> {
  const registrations = events.flatMap((e) => (e.type === 'UserRegistered' ? [e] : []));
  const emails = await vault.decryptMany(registrations.map((e) => e.data.email));
  return new Map(registrations.map((e, i) => [e.eventId, emails[i] ?? null]));
}

/** What a batch does to one session digest. */
interface SessionFold {
  /** A logout in the batch: the stored row goes (before any insert below). */
  deleteFirst: boolean;
  /** The row the batch leaves, inserted unless one exists. */
  insert?: Selectable<SessionsTable> | undefined;
}

/** Deletions first (whole users, then single sessions), then the sessions the batch leaves open. */
async function writeSessions(
  trx: BatchTransaction,
  clearedUsers: ReadonlySet<string>,
  sessions: ReadonlyMap<string, SessionFold>,
): Promise<void> {
  if (clearedUsers.size > 0) {
    await trx
      .deleteFrom('sessions')
      .where('user_key', '=', sql<string>`any(${[...clearedUsers].sort()}::text[])`)
      .execute();
  }
  const deleted = [...sessions].flatMap(([digest, s]) => (s.deleteFirst ? [digest] : []));
  if (deleted.length > 0) {
    await inChunks(deleted.sort(), (slice) =>
      trx.deleteFrom('sessions').where('session_digest', 'in', slice).execute(),
    );
  }
  const opened = [...sessions.values()].flatMap((s) => (s.insert ? [s.insert] : []));
  if (opened.length > 0) {
    const { columns, select } = unnestRows(opened, {
      session_digest: 'text',
      user_key: 'text',
      expires_at: 'timestamptz',
    });
    await sql`insert into sessions (${columns}) ${select} on conflict (session_digest) do nothing`.execute(
      trx,
    );
  }
}
