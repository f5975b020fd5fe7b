import { ApiError, apiFetch, newActionKey } from '../api/client';

/**
 * Actions made without a connection (a like, the reader's place, a finished read), kept in this
 * browser until they can be sent. Each keeps the Idempotency-Key made when the reader acted, and
 * is sent with it however many times it is tried, so the server stores it once
 * (docs/offline.md, "Actions made offline").
 */
export const ACTION_QUEUE_KEY = 'nocturne.offline.actions';

export interface QueuedAction {
  /** The account that acted: another account's session never sends it. */
  account: string;
  method: 'POST' | 'PUT';
  path: string;
  body?: unknown;
  key: string;
  at: number;
}

function readQueue(): QueuedAction[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(ACTION_QUEUE_KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as QueuedAction[]) : [];
  } catch {
    return [];
  }
}

function writeQueue(actions: QueuedAction[]): void {
  try {
    if (actions.length === 0) localStorage.removeItem(ACTION_QUEUE_KEY);
    else localStorage.setItem(ACTION_QUEUE_KEY, JSON.stringify(actions));
  } catch {
    // storage disabled or full: the action is lost, as it would be without the queue
  }
}

/** Drops every queued action, of every account (signing out: ./forget-offline-reading.ts). */
export function forgetQueuedActions(): void {
  writeQueue([]);
}

export function queuedActions(account?: string): QueuedAction[] {
  const all = readQueue();
  return account === undefined ? all : all.filter((action) => action.account === account);
}

/** A fetch that threw: no answer came (offline, server unreachable), not a refusal. */
const isNetworkFailure = (error: unknown) => error instanceof TypeError;

const queuedListeners = new Set<(account: string) => void>();

/**
 * Calls `listener` with the account each time an action is queued (sent without an answer), so
 * that something sends it again while the page stays open. Returns the way to stop listening.
 */
export function onActionQueued(listener: (account: string) => void): () => void {
  queuedListeners.add(listener);
  return () => queuedListeners.delete(listener);
}

export type SendResult = { sent: true; response: Response } | { sent: false; queued: QueuedAction };

/**
 * A PUT sets a resource whole (the reader's place in a story, a finished read): a later one of the
 * same account and path makes the queued ones before it obsolete, and sent after it they would
 * undo it. Drops those from the queue.
 */
function dropSupersededBy(later: Pick<QueuedAction, 'account' | 'method' | 'path'>): void {
  if (later.method !== 'PUT') return;
  const queue = readQueue();
  const kept = queue.filter(
    (earlier) =>
      !(earlier.method === 'PUT' && earlier.account === later.account && earlier.path === later.path),
  );
  if (kept.length !== queue.length) writeQueue(kept);
}

/**
 * Sends an action now with its own Idempotency-Key; when no answer comes, queues it with that
 * key for `flushActions`. An answer of any status is the server's word and is not queued. A PUT
 * queued or stored drops the same path's earlier PUTs from the queue (`dropSupersededBy`).
 */
export async function sendOrQueue(
  account: string,
  method: QueuedAction['method'],
  path: string,
  body?: unknown,
  keepalive = false,
): Promise<SendResult> {
  const key = newActionKey();
  try {
    const response = await apiFetch(path, { method, body, keepalive, headers: { 'Idempotency-Key': key } });
    if (response.ok) dropSupersededBy({ account, method, path });
    return { sent: true, response };
  } catch (error) {
    if (!isNetworkFailure(error)) throw error;
    const queued: QueuedAction = { account, method, path, body, key, at: Date.now() };
    dropSupersededBy(queued);
    writeQueue([...readQueue(), queued]);
    for (const listener of queuedListeners) listener(account);
    return { sent: false, queued };
  }
}

/**
 * Whether a sent action was confirmed: false while it waits in the queue; throws the refusal of
 * an answer that is not a success (its body read, so the request closes).
 */
export async function confirmed(result: SendResult): Promise<boolean> {
  if (!result.sent) return false;
  const body = await result.response.json().catch(() => undefined);
  if (!result.response.ok) throw ApiError.of(result.response.status, body);
  return true;
}

let flushing: Promise<number> | null = null;

/**
 * Sends this account's queued actions, oldest first, each with its own key. One that gets an
 * answer leaves the queue (a 4xx too: the story may have gone, and asking again changes
 * nothing); a 5xx or no answer stops the run and keeps the rest for the next. Resolves to how
 * many landed. Runs one at a time.
 */
export function flushActions(account: string): Promise<number> {
  flushing ??= runFlush(account).finally(() => {
    flushing = null;
  });
  return flushing;
}

async function runFlush(account: string): Promise<number> {
  let landed = 0;
  for (const action of queuedActions(account)) {
    // Superseded while the run went on (sendOrQueue): sending it now would undo the later one.
    if (!readQueue().some((queued) => queued.key === action.key)) continue;
    let response: Response;
    try {
      response = await apiFetch(action.path, {
        method: action.method,
        body: action.body,
        headers: { 'Idempotency-Key': action.key },
      });
      await response.body?.cancel();
    } catch {
      break;
    }
    if (response.status >= 500) break;
    writeQueue(readQueue().filter((queued) => queued.key !== action.key));
    if (response.ok) landed += 1;
  }
  return landed;
}
