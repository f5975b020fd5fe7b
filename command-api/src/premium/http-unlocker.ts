import { HttpError } from '@nocturne/http-kit';
import { INTERNAL_TOKEN_HEADER } from './internal-unlock-route';
import type { PremiumUnlocker, UnlockResult } from './unlock-premium-story';

/**
 * The premium unlock port over HTTP, for split mode: query-api calls command-api's
 * POST /internal/premium/unlock with INTERNAL_TOKEN. Refusals (401/402/404) come back as the same HttpError.
 */
export function httpPremiumUnlocker(commandApiUrl: string, internalToken: string): PremiumUnlocker {
  const url = new URL('/internal/premium/unlock', commandApiUrl).toString();
  return async (input) => {
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [INTERNAL_TOKEN_HEADER]: internalToken },
        body: JSON.stringify(input),
        signal: AbortSignal.timeout(10_000),
      });
    } catch {
      throw new HttpError(503, 'Premium stories are unavailable right now. Please try again.');
    }
    const body = (await response.json().catch(() => ({}))) as Partial<UnlockResult> & { detail?: string };
    if (response.status >= 400 && response.status < 500) {
      throw new HttpError(response.status, body.detail ?? 'Failed to load story');
    }
    if (!response.ok || typeof body.position !== 'number') {
      throw new HttpError(503, 'Premium stories are unavailable right now. Please try again.');
    }
    return { position: body.position, alreadyUnlocked: body.alreadyUnlocked === true };
  };
}
