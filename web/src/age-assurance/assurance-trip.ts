/**
 * What this browser keeps across the trip to the wallet or provider (sessionStorage): the story
 * the reader wanted (the wallet or provider is never told which story asked) and each check's
 * secret.
 */
const WANTED_KEY = 'nocturne.ageAssurance.wanted';
const checkKey = (check: string) => `nocturne.ageAssurance.check.${check}`;

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
