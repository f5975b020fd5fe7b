import type { ContentWarningId, PremiumOpening } from '@nocturne/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../api/client';
import { premiumOpeningQuery } from './premium-queries';

/** Where the reader stands before a story is requested (the request that may spend one). */
export type OpeningStep =
  | { kind: 'checking' }
  | { kind: 'ask'; remaining: number; warnings: ContentWarningId[] }
  | { kind: 'open' }
  | { kind: 'failed' };

interface CheckState {
  data: PremiumOpening | undefined;
  error: unknown;
}

/**
 * The rule, apart from React: a visitor (no token) opens at once (nothing can be spent); a
 * reader opens once the check says nothing would be spent, or once they confirmed. A check
 * refused with 401 or 404 opens too (the story's own answer then says login required or not
 * found, and spends nothing without a session); any other failure opens nothing, since the
 * story request could spend without the reader having been asked.
 */
export function openingStep(token: string | null, check: CheckState, confirmed: boolean): OpeningStep {
  if (token === null || confirmed) return { kind: 'open' };
  if (check.error) {
    const status = check.error instanceof ApiError ? check.error.status : 0;
    return status === 401 || status === 404 ? { kind: 'open' } : { kind: 'failed' };
  }
  if (!check.data) return { kind: 'checking' };
  return check.data.spends
    ? { kind: 'ask', remaining: check.data.stories_remaining, warnings: check.data.warnings }
    : { kind: 'open' };
}

/**
 * Before GET /api/stories/{id} spends one of the reader's premium stories, asks the server
 * whether it would (GET /api/me/premium/stories/{id}, which spends nothing). Never cached
 * beyond the page (gcTime 0): the next visit asks again, and finds the story unlocked.
 */
export function usePremiumOpening(id: string, token: string | null) {
  const [confirmedId, setConfirmedId] = useState<string | null>(null);
  const check = useQuery(premiumOpeningQuery(id, token));
  return {
    step: openingStep(token, check, confirmedId === id),
    confirm: () => setConfirmedId(id),
  };
}
