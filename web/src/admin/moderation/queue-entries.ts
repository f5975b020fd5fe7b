import type { ModerationAction } from '@nocturne/domain';
import type { ModerationQueue, QueuedStory } from '../moderation-api';
import { storyTitle } from '../story-title';

/** One row of the Reports tab: a story with open reports (or an appeal), or a hidden one with nothing open. */
export type QueueEntry =
  | { kind: 'open'; id: string; title: string; queued: QueuedStory }
  | { kind: 'hidden'; id: string; title: string; hiddenReason: string };

/** The rows of the loaded pages: the queue, most urgent first, then the hidden stories. */
export function queueEntries(pages: readonly ModerationQueue[]): {
  open: QueueEntry[];
  hidden: QueueEntry[];
} {
  return {
    open: pages.flatMap((page) =>
      page.stories.map(
        (queued): QueueEntry => ({
          kind: 'open',
          id: queued.story_id,
          title: queued.story ? storyTitle(queued.story.texts[0]) : 'Deleted story',
          queued,
        }),
      ),
    ),
    hidden: pages.flatMap((page) =>
      page.hidden.map(
        (story): QueueEntry => ({
          kind: 'hidden',
          id: story.story_id,
          title: storyTitle(story.title),
          hiddenReason: story.hidden_reason,
        }),
      ),
    ),
  };
}

/** The decisions open to a row: a deleted story's reports can only be dismissed. */
export function decisionsFor(entry: QueueEntry): ModerationAction[] {
  if (entry.kind === 'hidden') return ['restore', 'delete'];
  if (entry.queued.story === null) return ['dismiss'];
  return entry.queued.hidden_reason === null
    ? ['hide', 'dismiss', 'delete']
    : ['restore', 'dismiss', 'delete'];
}

/**
 * The row to show after `id` leaves the list: the one after it, else the one before, else none.
 * `rows` is the list as it was, with `id` still in it.
 */
export function neighbourOf(rows: readonly QueueEntry[], id: string): string | null {
  const at = rows.findIndex((row) => row.id === id);
  if (at === -1) return rows[0]?.id ?? null;
  return rows[at + 1]?.id ?? rows[at - 1]?.id ?? null;
}

/** The row `step` away from `id` (1 next, -1 previous), staying at the ends; the first when none is chosen. */
export function stepFrom(rows: readonly QueueEntry[], id: string | null, step: 1 | -1): string | null {
  if (rows.length === 0) return null;
  const at = id === null ? -1 : rows.findIndex((row) => row.id === id);
  if (at === -1) return rows[0]!.id;
  return rows[Math.min(rows.length - 1, Math.max(0, at + step))]!.id;
}
