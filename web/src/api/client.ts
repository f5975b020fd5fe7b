/**
 * The one way the SPA talks to /api. It remembers the highest X-Event-Position any answer
 * carried (in session storage too, so a reload of the tab keeps it) and sends it as
 * X-Min-Position, so a query after a command sees that command's effect.
 * It adds the Bearer token when there is one, and the visitor's age-assurance token while it holds.
 */
import { currentAgeToken } from '../age-assurance/age-token-store';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | undefined,
    readonly body: unknown,
  ) {
    super(detail ?? `Request failed with status ${status}`);
  }

  /** The error of a non-2xx answer whose body may be a problem document with a `detail`. */
  static of(status: number, body: unknown): ApiError {
    const detail =
      body && typeof body === 'object' && 'detail' in body && typeof body.detail === 'string'
        ? body.detail
        : undefined;
    return new ApiError(status, detail, body);
  }
}

/** Session storage key of the highest position: a reload of the tab right after a write still sees it. */
export const POSITION_KEY = 'nocturne.minPosition';

function readStoredPosition(): number {
  try {
    const stored = Number(globalThis.sessionStorage?.getItem(POSITION_KEY));
    return Number.isSafeInteger(stored) && stored > 0 ? stored : 0;
  } catch {
    return 0; // storage disabled: the position lives as long as the page
  }
}

function storePosition(position: number): void {
  try {
    globalThis.sessionStorage?.setItem(POSITION_KEY, String(position));
  } catch {
    // storage disabled or full: the in-memory position still holds for this page
  }
}

let highestPosition = readStoredPosition();

export function rememberPosition(response: Response): void {
  const header = response.headers.get('X-Event-Position');
  rememberEventPosition(header ? Number(header) : Number.NaN);
}

/** A position learnt from an answer's body (a write another party made, such as a processor's grant). */
export function rememberEventPosition(position: number): void {
  if (Number.isSafeInteger(position) && position > highestPosition) {
    highestPosition = position;
    storePosition(position);
  }
}

export function minPosition(): number {
  return highestPosition;
}

/**
 * The server said our position is beyond its event log's head (a data directory reset while the
 * tab stayed open): no wait can ever reach it, so the tab forgets it and takes the head instead.
 */
function forgetPositionBeyond(response: Response): boolean {
  if (response.status !== 400) return false;
  const head = Number(response.headers.get('X-Event-Log-Head'));
  if (!Number.isSafeInteger(head) || head < 0 || head >= highestPosition) return false;
  highestPosition = head;
  storePosition(head);
  return true;
}

/** Longest pause the client honours from a Retry-After before its one retry (seconds). */
const MAX_RETRY_AFTER_SECONDS = 5;

/** Seconds to wait before the one retry of a 503, or undefined when the answer asks for none. */
function retryAfterSeconds(response: Response): number | undefined {
  if (response.status !== 503) return undefined;
  const header = response.headers.get('Retry-After');
  const seconds = header !== null && /^\d+$/.test(header.trim()) ? Number(header) : Number.NaN;
  return Number.isFinite(seconds) ? Math.min(seconds, MAX_RETRY_AFTER_SECONDS) : undefined;
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export const TOKEN_KEY = 'auth_token';

export function storedToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export interface RequestOptions {
  method?: string;
  /** A plain object is sent as JSON; FormData, URLSearchParams and a Blob (with its headers) as they are. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Defaults to the stored session token; pass null to send none. */
  token?: string | null;
  signal?: AbortSignal;
  /** Let the request outlive the page (a write sent while the reader leaves it). */
  keepalive?: boolean;
}

/**
 * A fresh name for one user action (the Idempotency-Key of its command). crypto.randomUUID
 * exists only in secure contexts; a page served over plain http on a local address has
 * getRandomValues all the same.
 */
export function newActionKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Sends a request and returns the raw Response (for callers that read statuses themselves).
 * A query (GET/HEAD) answered 503 with Retry-After (the read models had not caught up with our
 * last write in time, or the database was briefly away) is asked once more after that pause. A
 * command carries an Idempotency-Key made for this call (one user action), so it is asked once
 * more too: the server answers a retry of an action it already stored as it did the first time,
 * and stores nothing twice. A 400 that names the log's head (our position came from an older
 * log) is asked once more with the head.
 */
export async function apiFetch(path: string, options: RequestOptions = {}): Promise<Response> {
  const method = options.method ?? 'GET';
  const isQuery = method === 'GET' || method === 'HEAD';
  const sent = isQuery
    ? options
    : { ...options, headers: { 'Idempotency-Key': newActionKey(), ...options.headers } };
  let response = await sendOnce(path, method, sent);
  if (isQuery && forgetPositionBeyond(response)) {
    response = await sendOnce(path, method, sent);
  }
  const wait = retryAfterSeconds(response);
  if (wait !== undefined) {
    await pause(wait * 1000, options.signal);
    response = await sendOnce(path, method, sent);
  }
  return response;
}

async function sendOnce(path: string, method: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers };
  const token = options.token === undefined ? storedToken() : options.token;
  if (token) headers.Authorization = `Bearer ${token}`;
  const ageToken = currentAgeToken();
  if (ageToken) headers['X-Age-Assurance'] = ageToken;
  if (highestPosition > 0) headers['X-Min-Position'] = String(highestPosition);
  let body: BodyInit | undefined;
  if (
    options.body instanceof FormData ||
    options.body instanceof URLSearchParams ||
    options.body instanceof Blob
  ) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(path, {
    method,
    headers,
    body,
    signal: options.signal,
    keepalive: options.keepalive,
  });
  rememberPosition(response);
  return response;
}

/** Sends a request and parses JSON; a non-2xx answer throws ApiError with the server's detail. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await apiFetch(path, options);
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = text;
  }
  if (!response.ok) throw ApiError.of(response.status, parsed);
  return parsed as T;
}
