import type { Story } from '@nocturne/domain';
import { queryOptions } from '@tanstack/react-query';
import { fetchStoryPage, type StoryViewer } from '../stories/story-queries';

/** How many stories the end of a story offers to read next. */
export const READ_NEXT_COUNT = 3;

/** How many of a story's tags the suggestions are looked for under, and how many stories each. */
const TAGS_ASKED = 2;
const PER_LIST = 8;

/** Who reads: whether they may open a premium story they have not opened before. */
export interface NextReader {
  loggedIn: boolean;
  premiumMember: boolean;
  premiumRemaining: number;
}

/**
 * Whether the reader may open `story` from a suggestion. A premium story only for a premium
 * member who can still open one: a suggestion never leads to a gate.
 */
export function mayOpen(story: Story, reader: NextReader): boolean {
  if (!story.isPremium) return true;
  return reader.loggedIn && reader.premiumMember && reader.premiumRemaining > 0;
}

/**
 * Up to three stories to read after `current`: the same creator's first (newest first, as the
 * lists come), then those sharing the most tags with it; never `current` itself, never one twice,
 * never one the reader may not open.
 */
export function readNext(current: Story, candidates: readonly Story[], reader: NextReader): Story[] {
  const seen = new Set<string>([current.id]);
  const tags = new Set(current.tags);
  const scored: { story: Story; score: number; order: number }[] = [];
  for (const [order, story] of candidates.entries()) {
    if (seen.has(story.id) || !mayOpen(story, reader)) continue;
    seen.add(story.id);
    const sameCreator = current.creator.handle !== null && story.creator.handle === current.creator.handle;
    const shared = story.tags.filter((tag) => tags.has(tag)).length;
    if (!sameCreator && shared === 0) continue;
    // A creator's story outranks any tag match.
    scored.push({ story, score: (sameCreator ? 100 : 0) + shared, order });
  }
  return scored
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, READ_NEXT_COUNT)
    .map(({ story }) => story);
}

/**
 * The candidates for what to read next after `story`: its creator's newest stories and the
 * newest under its first tags, read with the viewer's identity (so premium pictures are the
 * viewer's), merged by `readNext`.
 */
export const readNextQuery = (story: Story, viewer: StoryViewer & { premiumRemaining: number }) =>
  queryOptions({
    // Not under the lists' key: those hold pages, which a like rewrites.
    queryKey: ['read-next', story.id, viewer] as const,
    queryFn: async ({ signal }): Promise<Story[]> => {
      const handle = story.creator.handle;
      const pages = await Promise.all([
        handle ? fetchStoryPage(PER_LIST, null, signal, null, handle) : null,
        ...story.tags.slice(0, TAGS_ASKED).map((tag) => fetchStoryPage(PER_LIST, null, signal, tag)),
      ]);
      const candidates = pages.flatMap((page) => page?.stories ?? []);
      return readNext(story, candidates, {
        loggedIn: viewer.token !== null,
        premiumMember: viewer.premiumMember,
        premiumRemaining: viewer.premiumRemaining,
      });
    },
    staleTime: 5 * 60_000,
  });
