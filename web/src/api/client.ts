/**
 * The one way the SPA talks to /api. It remembers the highest X-Event-Position any answer
 * carried and sends it as X-Min-Position, so a query after a command sees that command's
 * effect (design.md section 6). It adds the Bearer token when there is one.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | undefined,
    readonly body: unknown,
  ) {
    super(detail ?? `Request failed with status ${status}`);
  }
}

let highestPosition = 0;

export function rememberPosition(response: Response): void {
  const header = response.headers.get('X-Event-Position');
  const position = header ? Number(header) : Number.NaN;
  if (Number.isSafeInteger(position) && position > highestPosition) highestPosition = position;
}

export function minPosition(): number {
  return highestPosition;
}

export const TOKEN_KEY = 'auth_token';

export function storedToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export interface RequestOptions {
  method?: string;
  /** A plain object is sent as JSON; FormData and URLSearchParams as they are. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Defaults to the stored session token; pass null to send none. */
  token?: string | null;
  signal?: AbortSignal;
}

/** Sends a request and returns the raw Response (for callers that read statuses themselves). */
export async function apiFetch(path: string, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers };
  const token = options.token === undefined ? storedToken() : options.token;
  if (token) headers.Authorization = `Bearer ${token}`;
  if (highestPosition > 0) headers['X-Min-Position'] = String(highestPosition);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData || options.body instanceof URLSearchParams) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(path, {
    method: options.method ?? 'GET',
    headers,
    body,
    signal: options.signal,
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
  if (!response.ok) {
    const detail =
      parsed && typeof parsed === 'object' && 'detail' in parsed && typeof parsed.detail === 'string'
        ? parsed.detail
        : undefined;
    throw new ApiError(response.status, detail, parsed);
  }
  return parsed as T;
}
