import type { ListedStory } from './listed-story';

/**
 * How the list's entries read to a visitor (nobody signed in). A snapshot keeps each view's
 * pages serialised, and their answers prepared, apart (list-snapshot.ts): the view is chosen per
 * request where a visitor's request is read (list-asked.ts), for the hot lane and the route
 * alike.
 */
export interface AnonymousView {
  /** Names the view among the snapshot's kept pages. */
  readonly name: string;
  /** A story's entry in this view, serialised. */
  entry(story: ListedStory): string;
}

/** The entries anyone may see: a free story in full, a premium one locked (ListedStory.json). */
export const PUBLIC_VIEW: AnonymousView = { name: 'public', entry: (story) => story.json };
