import type { StoryLinkState } from '../stories/story';

/** The reader's back button: to /profile when the reader was opened from the profile, else /. */
export function backTarget(state: unknown): '/profile' | '/' {
  return (state as Partial<StoryLinkState> | null)?.from === 'profile' ? '/profile' : '/';
}
