import { type Story, teaser } from '@nocturne/domain';

/** Navigation state a card link passes to the reader, whose back button returns to where the reader came from. */
export interface StoryLinkState {
  from: 'profile' | 'landing';
}

/** The card's text preview: the first 10 words of the first text, then an ellipsis. */
export function storyPreview(text: string | undefined): string {
  const words = teaser(text ?? '');
  return words ? `${words}...` : '';
}

/**
 * Where a card leads: a premium card sends a visitor to signup; an Explicit one the reader must
 * first be assured for goes to its page, which shows the assurance screen.
 */
export function storyHref(
  story: Pick<Story, 'id' | 'isPremium' | 'ageAssuranceRequired'>,
  loggedIn: boolean,
): string {
  return story.isPremium && !loggedIn && !story.ageAssuranceRequired
    ? '/auth/signup'
    : `/story/${encodeURIComponent(story.id)}`;
}
