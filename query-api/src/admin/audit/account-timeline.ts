import { FULL_PRICE } from '@nocturne/domain';
import type { ReadModel } from '@nocturne/projector/read-model';
import type { Kysely } from 'kysely';
import { staffNamer } from '../../staff/staff-names';
import { replayAccountHistory } from '../history/replay-account-history';
import {
  type HistoryDeps,
  type HistoryEntry,
  type HistoryState,
  replayUserHistory,
  type UserHistory,
} from '../history/replay-user-history';
import { SEALED } from './shown-event';

type StaffNamer = Awaited<ReturnType<typeof staffNamer>>;

/** One line of an account's money and access history, as the console shows and exports it. */
export interface TimelineRow {
  at: string;
  position: number;
  event: HistoryEntry['type'];
  /** The amount of a purchase confirmation (USD), and what the discount took off the full price. */
  amount: number | null;
  discount: number | null;
  /**
   * Null when none was given, and once the account is erased (its key is destroyed); "sealed"
   * for a role that reads no personal data, as the event browser shows it.
   */
  transaction_id: string | null;
  /** The payment method as the member wrote it: personal like the transaction id. */
  payment_method: string | null;
  /** Premium stories a grant gave. */
  stories: number | null;
  /** The premium story an unlock opened. */
  story_id: string | null;
  /** An age assurance's method (wallet, hosted) and provider, and until when it holds: nothing personal. */
  assurance_method: string | null;
  assurance_provider: string | null;
  assured_until: string | null;
  /** Who did it: "the user", "the owner (Owner)", a staff member by name and role, "the system". */
  by: string;
  /** The staff member behind an admin's action (null for the owner's and everyone else's). */
  staff_id: string | null;
}

export interface AccountTimeline {
  /** The account's id (its registration's), by which it is found once erased. */
  account: string;
  /** True once the account is deleted: every personal field is gone. */
  erased: boolean;
  /** The address, while the account exists (null once erased; "sealed" for the auditor). */
  email: string | null;
  as_of: string;
  /** The whole history, oldest first, whatever `as_of` says. */
  rows: TimelineRow[];
  /** The state at `as_of`: the audit replay's (`npm run audit`), from the events up to then. */
  state: HistoryState;
}

function byWhom(entry: HistoryEntry, named: StaffNamer): string {
  // An admin's IP stays out of the timeline: who acted is the session's person, not its address.
  return named(entry.actor)?.name ?? entry.who;
}

function rowOf(entry: HistoryEntry, named: StaffNamer): TimelineRow {
  const d = entry.details;
  const amount = typeof d.amount === 'number' ? d.amount : null;
  const actor = entry.actor;
  return {
    at: entry.at,
    position: entry.position,
    event: entry.type,
    amount,
    discount: amount === null ? null : FULL_PRICE - amount,
    transaction_id: typeof d.transaction_id === 'string' ? d.transaction_id : null,
    payment_method: typeof d.payment_method === 'string' ? d.payment_method : null,
    stories: typeof d.stories === 'number' ? d.stories : null,
    story_id: typeof d.story_id === 'string' ? d.story_id : null,
    assurance_method: typeof d.assurance_method === 'string' ? d.assurance_method : null,
    assurance_provider: typeof d.assurance_provider === 'string' ? d.assurance_provider : null,
    assured_until: typeof d.assured_until === 'string' ? d.assured_until : null,
    by: byWhom(entry, named),
    staff_id: actor.kind === 'admin' ? (actor.staffId ?? null) : null,
  };
}

/** The account asked for: by the address it holds now, or by its id (an erased one too). */
export type AccountRef = { email: string } | { accountId: string };

/** The id of the account an address holds now: its stream's last registration. */
async function liveAccountId(store: HistoryDeps['store'], stream: string): Promise<string | null> {
  const registration = (await store.readStreamTypes(stream, ['UserRegistered'])).at(-1);
  const data = registration?.data as { accountId?: unknown } | undefined;
  return typeof data?.accountId === 'string' ? data.accountId : null;
}

/**
 * An account's timeline and its state as of an instant. Both come from the audit replay
 * (`npm run audit`): by address, replayUserHistory; by account id, replayAccountHistory. The
 * rows from the whole of the account's events, the state from those recorded up to `asOf`,
 * folded by the deciders' own `evolveUser`. Null when there is no such account, or when the
 * address's account is erased (an erased account is reached by its id alone).
 */
export async function accountTimeline(
  deps: HistoryDeps & { db: Kysely<ReadModel>; readsPersonalData: boolean },
  who: AccountRef,
  asOf: Date,
  now: Date,
): Promise<AccountTimeline | null> {
  const end = now > asOf ? now : asOf;
  let account: string | null;
  let whole: Pick<UserHistory, 'erased' | 'email' | 'timeline'>;
  let then: Pick<UserHistory, 'state'>;
  if ('email' in who) {
    const [all, at] = await Promise.all([
      replayUserHistory(deps, who.email, end),
      replayUserHistory(deps, who.email, asOf),
    ]);
    if (!all.found || all.erased) return null;
    account = await liveAccountId(deps.store, all.stream);
    whole = all;
    then = at;
  } else {
    const [all, at] = await Promise.all([
      replayAccountHistory(deps, who.accountId, end),
      replayAccountHistory(deps, who.accountId, asOf),
    ]);
    if (!all || !at) return null;
    account = who.accountId;
    whole = all;
    then = at;
  }
  const named = await staffNamer(
    deps.db,
    whole.timeline.map((entry) => entry.actor),
    deps.readsPersonalData,
  );
  const rows = whole.timeline.map((entry) => rowOf(entry, named));
  const shown = (value: string | null) =>
    value === null || whole.erased ? null : deps.readsPersonalData ? value : SEALED;
  return {
    account: account ?? '',
    erased: whole.erased,
    email: shown(whole.email),
    as_of: asOf.toISOString(),
    rows: rows.map((row) => ({
      ...row,
      transaction_id: shown(row.transaction_id),
      payment_method: shown(row.payment_method),
    })),
    state: then.state,
  };
}
