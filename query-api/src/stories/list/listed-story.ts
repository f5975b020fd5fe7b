import type { CachedBody } from '@nocturne/http-kit';
import { ageGatedStory, fullStory, lockedStory } from '../story-answer';
import type { StoryRow } from './story-rows';

/** One story of the list: its row (for a viewer's own entries) and its public entry, serialised. */
export interface ListedStory {
  row: StoryRow;
  /** Publication position: the list's order (newest first) and the paging cursor. */
  position: number;
  /** The entry as anyone may see it: a free story in full, a premium one locked. */
  json: string;
  /**
   * The entry where the viewer must first be assured to be an adult: an Explicit story's card
   * words only (ageGatedStory); any other story's is `json` itself.
   */
  gated: string;
}

/** One page of a list, the cursor of the next one, and how many stories the list holds in all. */
export interface ListPage {
  items: readonly ListedStory[];
  nextCursor: string | null;
  total: number;
}

/** A page serialised: the bytes of its entries (as one viewer sees them) and its paging. */
export interface ListBody {
  body: CachedBody;
  nextCursor: string | null;
  total: number;
}

/**
 * A story's row with its public entry (and its age-gated one, for an Explicit story), serialised
 * once when the snapshot reads or merges it.
 */
export const listed = (row: StoryRow): ListedStory => {
  const json = JSON.stringify(row.is_premium ? lockedStory(row) : fullStory(row, null));
  return {
    row,
    position: Number(row.position),
    json,
    gated: row.card.rating === 'explicit' ? JSON.stringify(ageGatedStory(row)) : json,
  };
};
