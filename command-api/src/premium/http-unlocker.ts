import { HttpError } from '@nocturne/http-kit';
import { internalCaller } from '../shared/internal-calls';
import type { PremiumUnlocker, UnlockResult } from './unlock-premium-story';

const UNAVAILABLE = 'Premium stories are unavailable right now. Please try again.';

/**
 * The premium unlock port over HTTP, for split mode: query-api calls command-api's
 * POST /internal/premium/unlock with INTERNAL_TOKEN. Refusals (401/402/404) come back as the same HttpError.
 * With several command-api processes each call starts at the next one, and one that does not
 * answer is passed over for the one after it: asking again is safe, since a story already
 * unlocked is answered `alreadyUnlocked` and spends nothing.
 */
export function httpPremiumUnlocker(
  commandApiUrls: readonly string[],
  internalToken: string,
): PremiumUnlocker {
  const call = internalCaller(commandApiUrls, '/internal/premium/unlock', internalToken);
  return async (input) => {
    const response = await call(input);
    if (!response) throw new HttpError(503, UNAVAILABLE);
    const body = (await response.json().catch(() => ({}))) as Partial<UnlockResult> & { detail?: string };
    if (response.status >= 400 && response.status < 500) {
      throw new HttpError(response.status, body.detail ?? 'Failed to load story');
    }
    if (!response.ok || typeof body.position !== 'number') {
      throw new HttpError(503, UNAVAILABLE);
    }
    return { position: body.position, alreadyUnlocked: body.alreadyUnlocked === true };
  };
}
