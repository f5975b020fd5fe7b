/** What web/src/reading/profile-start.ts leaves on the window: the session it asked with and the answer. */
interface StartedSessionCheck {
  token: string;
  /** GET /api/auth/me, until the app's session check takes it. */
  answer: Promise<Response>;
}

declare global {
  interface Window {
    nocturneMeStart?: StartedSessionCheck;
  }
}

/**
 * The session check the profile page's early script already sent with this session (for the
 * account card of its first screen): taken once, so a later check (a refresh after an unlock, a
 * new session) asks afresh. Undefined for any other session.
 */
export function takeStartedSessionCheck(token: string | null): Promise<Response> | undefined {
  if (token === null || typeof window === 'undefined') return undefined;
  const started = window.nocturneMeStart;
  if (!started || started.token !== token) return undefined;
  delete window.nocturneMeStart;
  return started.answer;
}
