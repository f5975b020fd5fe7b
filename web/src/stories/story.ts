/** A story as GET /api/stories and GET /api/stories/{id} return it (spec.md section 3). */
export interface Story {
  id: string;
  /** Image references: "http…" used as is, anything else served by /api/images/{ref} (ui/image-src). */
  images: string[];
  /** One text per image, same index. */
  texts: string[];
  isPremium: boolean;
  views: number;
  likes: number;
}

/** Navigation state a card link passes to the reader, whose back button returns to where the reader came from. */
export interface StoryLinkState {
  from: 'profile' | 'landing';
}

/** The card's text preview (spec.md section 9): the first 10 words of the first text, then an ellipsis. */
export function storyPreview(text: string | undefined, words = 10): string {
  const all = (text ?? '').trim().split(/\s+/).filter(Boolean);
  if (all.length === 0) return '';
  return `${all.slice(0, words).join(' ')}...`;
}

/** Where a card leads (spec.md section 2, Story card): a premium card sends a visitor to signup. */
export function storyHref(story: Pick<Story, 'id' | 'isPremium'>, loggedIn: boolean): string {
  return story.isPremium && !loggedIn ? '/auth/signup' : `/story/${encodeURIComponent(story.id)}`;
}
