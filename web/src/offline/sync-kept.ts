import type { PremiumOpening, Story } from '@nocturne/domain';
import { apiFetch } from '../api/client';
import { flushActions } from './action-queue';
import {
  deviceCaches,
  keepStory,
  keptStories,
  mayKeep,
  refreshKeptAnswer,
  removeKeptStory,
} from './kept-stories';

/** Answers that mean the reader may no longer read a kept story: it leaves the device. */
const GONE = new Set([401, 402, 403, 404, 410, 451]);

export interface SyncResult {
  landed: number;
  removed: string[];
}

/**
 * The sync, each time the app finds a connection with a signed-in reader: first the actions made
 * offline are sent, then every kept story is asked for again as this reader. One the server no
 * longer gives them in full (hidden: 451; unpublished or deleted: 404; premium ended: 402; an
 * Explicit one they are no longer assured for: its answer has no slides) is removed from the
 * device, so a takedown reaches the kept copies too. A premium story is first checked with the
 * opening check, which spends nothing: a sync never spends one of the reader's premium stories.
 * A story whose answer could not be had (offline again, a 5xx) stays until the next sync.
 */
export async function syncKept(account: string, storage = deviceCaches()): Promise<SyncResult> {
  const landed = await flushActions(account);
  const removed: string[] = [];
  for (const { story } of await keptStories(account, storage)) {
    const verdict = await askAgain(story);
    if (verdict === 'unknown') continue;
    if (verdict === 'gone') {
      await removeKeptStory(account, story.id, storage);
      removed.push(story.id);
    } else if (!(await refreshKeptAnswer(account, verdict, storage))) {
      // New slides (or a premium story's references signed anew): keep them afresh.
      await keepStory(account, verdict, undefined, storage).catch(() => undefined);
    }
  }
  return { landed, removed };
}

async function askAgain(story: Story): Promise<Story | 'gone' | 'unknown'> {
  const id = encodeURIComponent(story.id);
  try {
    if (story.isPremium) {
      const check = await apiFetch(`/api/me/premium/stories/${id}`);
      if (GONE.has(check.status)) return drained(check, 'gone');
      if (!check.ok) return drained(check, 'unknown');
      const opening = (await check.json()) as PremiumOpening;
      if (opening.spends) return 'gone';
    }
    const answer = await apiFetch(`/api/stories/${id}`);
    if (GONE.has(answer.status)) return drained(answer, 'gone');
    if (!answer.ok) return drained(answer, 'unknown');
    const fresh = (await answer.json()) as Story;
    return mayKeep(fresh) ? fresh : 'gone';
  } catch {
    return 'unknown';
  }
}

async function drained<T>(response: Response, verdict: T): Promise<T> {
  await response.body?.cancel();
  return verdict;
}
