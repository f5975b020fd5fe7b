/** What web/src/creators/creator-start.ts leaves on the window: the creator it asked for and the answers. */
interface StartedCreator {
  handle: string;
  /** GET /api/creators/{handle}, until the page's creator query takes it. */
  creator?: Promise<Response>;
  /** The first page of their stories (GET /api/stories?limit=…&creator=…), until the list takes it. */
  stories?: Promise<Response>;
}

declare global {
  interface Window {
    nocturneCreatorStart?: StartedCreator;
  }
}

/**
 * One of the answers the creator page's early script already asked for, for a visitor with no
 * session: each taken once, so a later load (a retry, a refresh, another visit in this tab) asks
 * afresh. Undefined for a reader with a session (that script never asks for them: their lists
 * differ and carry their session) and for any other creator.
 */
export function takeStartedCreator(
  handle: string,
  token: string | null,
  answer: 'creator' | 'stories',
): Promise<Response> | undefined {
  if (token !== null || typeof window === 'undefined') return undefined;
  const started = window.nocturneCreatorStart;
  if (!started || started.handle !== handle) return undefined;
  const taken = started[answer];
  delete started[answer];
  if (!started.creator && !started.stories) delete window.nocturneCreatorStart;
  return taken;
}
