import type { ListSnapshot } from './list-snapshot';
import { type ListedStory, listed } from './listed-story';
import type { StoryChanges } from './snapshot-reads';
import type { StoryRow } from './story-rows';

/**
 * The snapshot in hand with the rows changed since: its newest stories with each changed one
 * replaced (or added, if new or restored among them; or dropped, if hidden), the order kept
 * (newest first by publication position, which never changes), at most `keepNewest`; the
 * total moved by the stories published, hidden and restored since. A story published after
 * the snapshot's position is new to it: the projection had projected every event up to there.
 */
export function mergedSnapshot(previous: ListSnapshot, read: StoryChanges, keepNewest: number): ListSnapshot {
  let total = previous.total;
  const hiddenIds = new Set(previous.hiddenIds);
  for (const row of read.rows) {
    const visible = row.hidden_reason === null;
    if (row.position > previous.position) {
      if (visible) total++;
      else hiddenIds.add(row.id);
      continue;
    }
    const wasHidden = hiddenIds.has(row.id);
    if (wasHidden && visible) {
      hiddenIds.delete(row.id);
      total++;
    } else if (!wasHidden && !visible) {
      hiddenIds.add(row.id);
      total--;
    }
  }
  const oldestKept = previous.complete ? 0 : (previous.newest.at(-1)?.position ?? 0);
  const newest = mergedChanges(
    previous.newest,
    read.rows.filter((row) => row.position >= oldestKept),
  ).slice(0, keepNewest);
  return previous.replacedBy(read.checkpoint, newest, total, hiddenIds);
}

/**
 * The stories of a snapshot with the rows changed since: each changed story replaced (or added,
 * if new; or dropped, if hidden), the order kept (newest first by publication position, which
 * never changes). Linear in the list: the stories that did not change keep their serialised
 * entries.
 */
function mergedChanges(stories: readonly ListedStory[], changedRows: readonly StoryRow[]): ListedStory[] {
  // A story hidden since leaves the list (its row changed); a restored one comes back in its place.
  const changedIds = new Set(changedRows.map((row) => row.id));
  const changed = changedRows.filter((row) => row.hidden_reason === null).map(listed);
  const merged: ListedStory[] = [];
  let next = 0;
  for (const story of stories) {
    if (changedIds.has(story.row.id)) continue;
    while (next < changed.length && changed[next]!.position > story.position) merged.push(changed[next++]!);
    merged.push(story);
  }
  while (next < changed.length) merged.push(changed[next++]!);
  return merged;
}
