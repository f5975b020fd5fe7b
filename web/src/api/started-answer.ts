import { rememberPosition } from './client';

/**
 * An answer a page's early script already asked for (web/public/*-start.js), when it succeeded,
 * remembered as apiFetch remembers its answers. Anything else (a refusal, a failure) is undefined:
 * the page asks again through apiFetch, so each keeps apiFetch's handling (its retries, the
 * age-assurance token) and its own screen.
 */
export async function succeededAnswer(started: Promise<Response> | undefined): Promise<Response | undefined> {
  if (!started) return undefined;
  try {
    const response = await started;
    if (response.ok) {
      rememberPosition(response);
      return response;
    }
    await response.body?.cancel();
  } catch {
    // asked again by the caller
  }
  return undefined;
}
