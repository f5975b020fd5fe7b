import { ApiError, rememberPosition } from './client';

/**
 * The answers apiFetch asks once more (a 400 naming the log's head, a 503 with Retry-After): an
 * early script's request is the app's own, so any other answer is the one the app would get.
 */
const ASKED_AGAIN = new Set([400, 503]);

/**
 * An answer a page's early script already asked for (web/build/early-scripts.ts), remembered as
 * apiFetch remembers its answers: a success, or a refusal the page shows as it shows its own (a
 * story or a creator not found), so nothing is asked twice. An answer apiFetch would ask again,
 * or a failure, is undefined: the page asks through apiFetch, with its retries.
 */
export async function startedAnswer(started: Promise<Response> | undefined): Promise<Response | undefined> {
  if (!started) return undefined;
  try {
    const response = await started;
    if (!ASKED_AGAIN.has(response.status)) {
      rememberPosition(response);
      return response;
    }
    await response.body?.cancel();
  } catch {
    // asked again by the caller
  }
  return undefined;
}

/**
 * The early answer's body as the typed client's `answerOf` gives it: the data of a success, an
 * ApiError with the server's `detail` for a refusal; undefined where the page asks again itself.
 *
 * @example
 *   const started = await startedData<CreatorProfile>(takeStartedCreator(handle, token, 'creator'));
 *   return started ?? answerOf(client.GET('/api/creators/{handle}', …));
 */
export async function startedData<T>(started: Promise<Response> | undefined): Promise<T | undefined> {
  const response = await startedAnswer(started);
  if (!response) return undefined;
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw ApiError.of(response.status, body);
  return body as T;
}
