/**
 * What an early script reads of the browser's storage, under the app's own keys (TOKEN_KEY,
 * the age-assurance token's, POSITION_KEY), written out: importing their modules would bring the
 * app's client into the script. Each throws where storage is disabled: the script then leaves the
 * page to the app.
 */

/** The session this browser keeps, if any. */
export const storedSession = (): string | null => localStorage.getItem('auth_token');

/** Whether this browser keeps an age-assurance token (the app sends it with its requests). */
export const keepsAgeToken = (): boolean => localStorage.getItem('nocturne.ageAssurance') !== null;

/** Whether this browser keeps a session or an age-assurance token: the app asks for that reader. */
export const keepsSessionOrAgeToken = (): boolean => storedSession() !== null || keepsAgeToken();

/**
 * The header that asks for answers at least as new as what this tab has seen (the app's
 * `X-Min-Position`), none before it has seen any.
 *
 * @example
 * fetch(`/api/stories/${id}`, { headers: minPositionHeader() });
 */
export function minPositionHeader(): Record<string, string> {
  const position = Number(sessionStorage.getItem('nocturne.minPosition'));
  return Number.isSafeInteger(position) && position > 0 ? { 'X-Min-Position': String(position) } : {};
}
