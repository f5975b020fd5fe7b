import type { CachedBody } from '@nocturne/http-kit';
import { fullStory, lockedStory } from '../story-answer';
import type { StoryRow } from './story-rows';

/** One story of the list: its row (for a viewer's own entries) and its public entry, serialised. */
export interface ListedStory {
  row: StoryRow;
  /** Publication position: the list's order (newest first) and the paging cursor. */
  position: number;
  /** The entry as anyone may see it: a free story in full, a premium one locked. */
  json: string;
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

/** A story's row with its public entry, serialised once (when the snapshot reads or merges it). */
export const listed = (row: StoryRow): ListedStory => ({
  row,
  position: Number(row.position),
  json: JSON.stringify(row.is_premium ? lockedStory(row) : fullStory(row, null)),
});
