import { setTimeout as sleep } from 'node:timers/promises';
import { streams } from '@nocturne/events';
import type { EventStore } from '@nocturne/events/store';
import { given, storyPublished } from '@nocturne/events/testing';
import { countErrors, type Row } from './fault-row';
import type { Tally } from './like-load';

/** The stories the load likes: eight free ones, appended to the log as given history. */
export async function publishLoadStories(store: EventStore): Promise<string[]> {
  const stories: string[] = [];
  for (let i = 0; i < 8; i++) {
    const story = storyPublished({ isPremium: false });
    await given(store, streams.story(story.data.storyId), [story], 'no_stream');
    stories.push(story.data.storyId);
  }
  return stories;
}
/** Requests of the load in flight at most, as the likes bench runs them. */
export const CONNECTIONS = 64;

/** Where the fault suite compares the log with the read side. */
export interface ReadSide {
  store: EventStore;
  /** Where the API answers (the server, or split mode's gateway). */
  base: string;
  /** A position the read side has reached, or will wait for when asked with X-Min-Position. */
  caughtUp(): Promise<number>;
}

/** Acknowledged likes whose event is not in the log. */
async function lostLikes(store: EventStore, tally: Tally): Promise<number> {
  const byStream = new Map<string, Set<string>>();
  for (const { stream } of tally.acked) {
    if (!byStream.has(stream)) {
      const events = await store.readStream(stream);
      byStream.set(stream, new Set(events.map((e) => e.eventId)));
    }
  }
  return tally.acked.filter((a) => !byStream.get(a.stream)!.has(a.eventId)).length;
}

/** The list as the read side serves it once it has reached `position` (a 503 while it waits: asked again). */
async function listedAt(base: string, position: number): Promise<Response | undefined> {
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
    const response = await fetch(`${base}/api/stories?limit=100`, {
      headers: { 'X-Min-Position': String(position) },
    }).catch(() => undefined);
    if (response?.status === 200) return response;
    await response?.arrayBuffer();
    await sleep(200);
  }
  return undefined;
}

/**
 * Stories whose likes as served (the list, read at a position the read side reached) differ
 * from what a rebuild gives, the log's likes of each story: the load's stories, each of which
 * must be served, and any other the list serves (a story published meanwhile, say), which must
 * be in the log.
 */
async function disagreements(side: ReadSide, stories: string[]): Promise<number> {
  const response = await listedAt(side.base, await side.caughtUp());
  if (!response) return stories.length;
  const served = new Map(
    ((await response.json()) as { id: string; likes: number }[]).map((s) => [s.id, s.likes]),
  );
  let differ = 0;
  for (const story of new Set([...stories, ...served.keys()])) {
    if (!stories.includes(story) && (await side.store.readStream(streams.story(story))).length === 0) {
      differ += 1;
      continue;
    }
    const inLog = (await side.store.readStream(streams.storyLikes(story))).length;
    if (served.get(story) !== inLog) differ += 1;
  }
  return differ;
}

/** Adds to the row what one fault cost, once its load has stopped: the log against the load and the read side. */
export async function compareWithLog(
  side: ReadSide,
  stories: string[],
  row: Row,
  tally: Tally,
): Promise<void> {
  row.lost += await lostLikes(side.store, tally);
  row.disagreed += await disagreements(side, stories);
  countErrors(row, tally);
}

/** Until a like is answered 200 again: how long from `since`. */
export async function recovered(
  base: string,
  story: string,
  since: number,
  withinMs = 60_000,
): Promise<number> {
  while (Date.now() - since < withinMs) {
    const status = await fetch(`${base}/api/stories/${story}/like`, { method: 'POST' })
      .then(async (r) => {
        await r.arrayBuffer();
        return r.status;
      })
      .catch(() => 0);
    if (status === 200) return Date.now() - since;
    await sleep(50);
  }
  return Number.NaN;
}
