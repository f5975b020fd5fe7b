/**
 * The visitor's age-assurance token, kept in this browser (localStorage) until it expires: the
 * API client sends it as X-Age-Assurance on every /api call while it holds. It names nobody.
 * The story the reader wanted is kept in sessionStorage across the trip to the wallet or
 * provider (who is never told which story asked), with each check's secret.
 */
const TOKEN_KEY = 'nocturne.ageAssurance';
const WANTED_KEY = 'nocturne.ageAssurance.wanted';
const checkKey = (check: string) => `nocturne.ageAssurance.check.${check}`;

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

/** Where the reader goes back to once assured: a path of this site only. */
export function keepWantedPath(path: string): void {
  try {
    if (path.startsWith('/') && !path.startsWith('//')) sessionStorage.setItem(WANTED_KEY, path);
  } catch {}
}

/** The path kept, left in place (a "Try again" starts over from it). */
export function wantedPath(): string | null {
  try {
    const path = sessionStorage.getItem(WANTED_KEY);
    return path?.startsWith('/') && !path.startsWith('//') ? path : null;
  } catch {
    return null;
  }
}

/** The path kept, forgotten once taken. */
export function takeWantedPath(): string | null {
  const path = wantedPath();
  try {
    sessionStorage.removeItem(WANTED_KEY);
  } catch {}
  return path;
}

export function keepCheckSecret(check: string, secret: string): void {
  try {
    sessionStorage.setItem(checkKey(check), secret);
  } catch {}
}

export function checkSecretOf(check: string): string | null {
  try {
    return sessionStorage.getItem(checkKey(check));
  } catch {
    return null;
  }
}

export function forgetCheck(check: string): void {
  try {
    sessionStorage.removeItem(checkKey(check));
  } catch {}
}
