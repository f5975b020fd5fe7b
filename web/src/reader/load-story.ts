import { type Story, storyMessages } from '@nocturne/domain';
import { apiFetch } from '../api/client';
import { startedAnswer } from '../api/started-answer';
import { takeStartedStory } from './started-story';

/** Why a story could not be shown; each kind is its own screen. */
export type StoryFailure =
  | { kind: 'not-found' }
  | { kind: 'login-required'; message: string }
  | { kind: 'payment-required'; message: string }
  | { kind: 'failed'; message: string };

export class StoryLoadError extends Error {
  constructor(readonly failure: StoryFailure) {
    super('message' in failure ? failure.message : 'Story not found.');
  }
}

export const messages = {
  notFound: 'Story not found.',
  noContent: 'Story content not available.',
  loginRequired: storyMessages.loginRequired,
  noneRemaining: storyMessages.noneRemaining,
  failed: 'Failed to load story',
  network: 'Failed to load story. Please try again.',
  offline: 'You are offline. This story is not kept on this device.',
} as const;

export interface LoadedStory {
  story: Story;
  /** True when opening it spent one of the reader's premium stories (the server appended). */
  spentPremium: boolean;
}

async function detailOf(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.json()) as { detail?: unknown };
    return typeof body.detail === 'string' ? body.detail : undefined;
  } catch {
    return undefined;
  }
}

/** GET /api/stories/{id} as the viewer with `token`, with each status mapped to the reader's screens. */
export async function loadStory(
  id: string,
  token: string | null,
  signal?: AbortSignal,
): Promise<LoadedStory> {
  let response: Response;
  try {
    // The story the page's early script already asked for, for a visitor (./started-story.ts).
    response =
      (await startedAnswer(takeStartedStory(id, token))) ??
      (await apiFetch(`/api/stories/${encodeURIComponent(id)}`, { signal }));
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new StoryLoadError({ kind: 'failed', message: messages.network });
  }
  if (response.ok) {
    const story = (await response.json()) as Story;
    return { story, spentPremium: response.headers.has('X-Event-Position') };
  }
  // An answer's body left unread keeps its request open in the browser (the page never goes
  // quiet): each refusal is read to its end, its detail used where the screen shows one.
  const detail = await detailOf(response);
  if (response.status === 404) throw new StoryLoadError({ kind: 'not-found' });
  if (response.status === 401)
    throw new StoryLoadError({ kind: 'login-required', message: messages.loginRequired });
  if (response.status === 402) {
    throw new StoryLoadError({ kind: 'payment-required', message: messages.noneRemaining });
  }
  throw new StoryLoadError({ kind: 'failed', message: detail ?? messages.failed });
}
