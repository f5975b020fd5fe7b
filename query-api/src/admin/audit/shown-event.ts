import type { StoredEvent } from '@nocturne/events/store';
import { isSealed, type PiiVault } from '@nocturne/vault';

/** What a role that may not read personal fields sees in their place. */
export const SEALED = 'sealed';
/** What anyone sees of a personal field whose owner was erased (its key destroyed). */
export const ERASED = 'erased';

/** One event as the console shows it: data and metadata, personal fields sealed or opened. */
export interface ShownEvent {
  position: number;
  stream: string;
  /** The event's revision in its stream (0-based). */
  version: number;
  type: string;
  event_id: string;
  recorded_at: string;
  data: unknown;
  actor: unknown;
  /** The admin session the event was caused in; null for anyone else. */
  session: string | null;
  correlation_id: string | null;
  causation_id: string | null;
  schema_version: number | null;
}

/**
 * Sealed credentials: a staff member's TOTP secret and a password hash are nobody's to read, not
 * even a role that reads personal data: whoever saw a second-factor secret could sign in as its
 * holder. They are shown "sealed" to every role and never opened.
 */
const CREDENTIAL_FIELDS: ReadonlySet<string> = new Set(['totpSecret', 'passwordHash']);
const isCredential = (key: string, value: unknown) =>
  CREDENTIAL_FIELDS.has(key) && typeof value === 'string' && isSealed(value);

/** Every sealed string in a JSON value, in walk order, credentials left out. */
function sealedIn(value: unknown, found: string[]): string[] {
  if (typeof value === 'string') {
    if (isSealed(value)) found.push(value);
  } else if (Array.isArray(value)) for (const item of value) sealedIn(item, found);
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) if (!isCredential(key, item)) sealedIn(item, found);
  return found;
}

function hasCredential(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasCredential);
  if (value && typeof value === 'object')
    return Object.entries(value).some(([key, item]) => isCredential(key, item) || hasCredential(item));
  return false;
}

function replaced(value: unknown, open: (sealed: string) => string): unknown {
  if (typeof value === 'string') return isSealed(value) ? open(value) : value;
  if (Array.isArray(value)) return value.map((item) => replaced(item, open));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, isCredential(k, v) ? SEALED : replaced(v, open)]),
    );
  return value;
}

/**
 * Free text recorded in plain before it was sealed: a report's or an appeal's `text` up to the
 * schema version named here. Personal all the same, so "sealed" for a role that may not read it.
 */
const PLAIN_FREE_TEXT_UP_TO: Readonly<Record<string, number>> = { StoryReported: 1, DecisionAppealed: 1 };

function sealsPlainFreeText(event: StoredEvent, metadata: Metadata): boolean {
  const lastPlain = PLAIN_FREE_TEXT_UP_TO[event.type];
  return (
    lastPlain !== undefined &&
    (metadata.schemaVersion ?? 1) <= lastPlain &&
    typeof (event.data as { text?: unknown } | null)?.text === 'string'
  );
}

type Metadata = {
  actor?: { kind?: string; session?: string; ip?: string };
  correlationId?: string;
  causationId?: string;
  schemaVersion?: number;
};

/**
 * The events of a page as the console shows them. Personal fields are the vault's sealed values
 * wherever they sit (an address, a transaction id, a password hash) and an admin's address in
 * the metadata (plain text in events recorded before it was sealed): for a role that may read
 * them they are opened (credentials excepted: always "sealed") (one vault round trip for the page; "erased" once the key is gone),
 * for any other role each is "sealed".
 */
export async function shownEvents(
  events: readonly StoredEvent[],
  vault: PiiVault,
  readsPersonalData: boolean,
): Promise<ShownEvent[]> {
  const sealedOf = events.map((e) => sealedIn([e.data, e.metadata], []));
  let open = (_: string) => SEALED;
  if (readsPersonalData) {
    const sealed = [...new Set(sealedOf.flat())];
    const opened = await vault.decryptMany(sealed);
    const byValue = new Map(sealed.map((value, i) => [value, opened[i] ?? ERASED]));
    open = (value) => byValue.get(value) ?? ERASED;
  }
  return events.map((event, i) => {
    const metadata = (event.metadata ?? {}) as Metadata;
    // Most events hold nothing sealed: shown as they are, without a copy.
    const shown =
      sealedOf[i]!.length > 0 || hasCredential(event.data)
        ? (value: unknown) => replaced(value, open)
        : (value: unknown) => value;
    let actor: unknown = shown(metadata.actor ?? null);
    // An admin's address recorded as plain text is personal all the same.
    if (!readsPersonalData && metadata.actor?.kind === 'admin' && typeof metadata.actor.ip === 'string')
      actor = { ...(actor as object), ip: SEALED };
    return {
      position: event.position,
      stream: event.streamName,
      version: event.streamRevision,
      type: event.type,
      event_id: event.eventId,
      recorded_at: event.recordedAt.toISOString(),
      data:
        !readsPersonalData && sealsPlainFreeText(event, metadata)
          ? { ...(shown(event.data) as object), text: SEALED }
          : shown(event.data),
      actor,
      session: metadata.actor?.kind === 'admin' ? (metadata.actor.session ?? null) : null,
      correlation_id: metadata.correlationId ?? null,
      causation_id: metadata.causationId ?? null,
      schema_version: metadata.schemaVersion ?? null,
    };
  });
}
