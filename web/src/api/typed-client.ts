import createClient from 'openapi-fetch';
import { ApiError, apiFetch } from './client';
import type { paths } from './generated/schema';

/**
 * The SPA's client of the API, typed from the API document (generated/schema.d.ts, made by
 * `npm run openapi` from generated/openapi.json): each path, its parameters, its body and its
 * answers are the document's, so a call that no longer matches the document, or an answer whose
 * schema changed under the code that reads it, fails the typecheck. openapi-fetch builds the
 * request and parses the answer; sending it is apiFetch's (./client.ts): the session token,
 * read-your-writes (X-Event-Position in, X-Min-Position out) and the one retry of a query, which
 * the generator knows nothing of.
 */
/**
 * openapi-fetch's request, keeping the body it was built with: reading it back from the Request
 * takes an await, and a write sent as the page goes away (keepalive) must reach `fetch` before
 * the page is torn down, within the same task.
 */
class RequestKeepingBody extends Request {
  readonly sentBody: BodyInit | null | undefined;
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(input, init);
    this.sentBody = init?.body;
  }
}

function clientSending(token: () => string | null | undefined) {
  return createClient<paths>({
    baseUrl: globalThis.location?.origin ?? '',
    Request: RequestKeepingBody,
    fetch: (request: Request) => {
      const url = new URL(request.url);
      const headers = Object.fromEntries(request.headers);
      const sent = (request as RequestKeepingBody).sentBody ?? undefined;
      // A JSON body goes back to apiFetch as the value it is, which sends it as JSON again.
      const json = headers['content-type']?.includes('json') && typeof sent === 'string';
      if (json) delete headers['content-type'];
      return apiFetch(url.pathname + url.search, {
        method: request.method,
        headers,
        body: json ? JSON.parse(sent) : typeof sent === 'string' ? new Blob([sent]) : sent,
        token: token(),
        signal: request.signal,
        keepalive: request.keepalive,
      });
    },
  });
}

/** With the reader's session token when there is one. */
export const client = clientSending(() => undefined);
/** With no session token: public calls, and admin calls (X-Admin-Code instead). */
export const publicClient = clientSending(() => null);

/** Every admin call carries the admin token in X-Admin-Code and no user session. */
export const asAdmin = (token: string) => ({ 'X-Admin-Code': token });
/** A session given by the caller (with `publicClient`) rather than the stored one; none for null. */
export const asSession = (token: string | null): Record<string, string> =>
  token ? { Authorization: `Bearer ${token}` } : {};

/** The answer's body when it succeeded; otherwise an ApiError with the server's `detail`. */
export async function answerOf<Data>(
  call: Promise<{ data?: Data; error?: unknown; response: Response }>,
): Promise<Data> {
  const { data, error, response } = await call;
  if (!response.ok) throw ApiError.of(response.status, error);
  return data as Data;
}
