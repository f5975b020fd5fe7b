/**
 * The visitor's age-assurance token, kept in this browser (localStorage) until it expires: the
 * API client sends it as X-Age-Assurance on every /api call while it holds. It names nobody.
 * What the trip to the wallet or provider needs is kept apart (./assurance-trip): every page's
 * first load takes this module with the API client, and only the assurance pages use that.
 */
const TOKEN_KEY = 'nocturne.ageAssurance';

interface KeptToken {
  token: string;
  expiresAt: string;
}

/** The kept token while it has not expired; null otherwise (an expired one is forgotten). */
export function currentAgeToken(now = Date.now()): string | null {
  try {
    const raw = localStorage.getItem(TOKEN_KEY);
    if (!raw) return null;
    const kept = JSON.parse(raw) as Partial<KeptToken>;
    if (
      typeof kept.token === 'string' &&
      typeof kept.expiresAt === 'string' &&
      Date.parse(kept.expiresAt) > now
    ) {
      return kept.token;
    }
    localStorage.removeItem(TOKEN_KEY);
  } catch {
    // storage disabled or a value not ours: no token
  }
  return null;
}

export function keepAgeToken(token: string, expiresAt: string): void {
  try {
    localStorage.setItem(TOKEN_KEY, JSON.stringify({ token, expiresAt } satisfies KeptToken));
  } catch {
    // storage disabled: the reader is asked again on the next Explicit story
  }
}
