/** What web/src/reader/story-start.ts leaves on the window: the story it asked for and its answer. */
interface StartedStory {
  id: string;
  answer: Promise<Response>;
}

declare global {
  interface Window {
    nocturneStoryStart?: StartedStory;
  }
}

/**
 * The answer the reader page's early script already asked for, for a visitor with no session:
 * taken once, so a later load of the story (a retry, another visit in this tab) asks afresh.
 * Undefined for a reader with a session (that script never asks for them: their request may
 * spend a premium story) and for any other story.
 */
export function takeStartedStory(id: string, token: string | null): Promise<Response> | undefined {
  if (token !== null || typeof window === 'undefined') return undefined;
  const started = window.nocturneStoryStart;
  if (!started || started.id !== id) return undefined;
  delete window.nocturneStoryStart;
  return started.answer;
}
