/** What web/src/reading/profile-start.ts leaves on the window: the session it asked with and the answer. */
interface StartedShelf {
  token: string;
  /** GET /api/me/library?shelf=continue, until the profile's Continue reading query takes it. */
  answer: Promise<Response>;
}

declare global {
  interface Window {
    nocturneShelfStart?: StartedShelf;
  }
}

/**
 * The Continue reading shelf the profile page's early script already asked for with this session:
 * taken once, so a later load (a refresh after reading on, another visit in this tab) asks afresh.
 * Undefined for any other session (signed out or in as someone else since) and for any other shelf.
 */
export function takeStartedShelf(token: string | null, shelf: string): Promise<Response> | undefined {
  if (token === null || shelf !== 'continue' || typeof window === 'undefined') return undefined;
  const started = window.nocturneShelfStart;
  if (!started || started.token !== token) return undefined;
  delete window.nocturneShelfStart;
  return started.answer;
}
