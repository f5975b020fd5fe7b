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

/** Where a card leads: a premium card sends a visitor to signup. */
export function storyHref(story: Pick<Story, 'id' | 'isPremium'>, loggedIn: boolean): string {
  return story.isPremium && !loggedIn ? '/auth/signup' : `/story/${encodeURIComponent(story.id)}`;
}
