import { type DomainEvent, type RecordedEvent, streams } from '@nocturne/events';
import { seededRandom } from '@nocturne/test-kit/seeded-random';
import { describe, expect, it } from 'vitest';
import { lookupVault, useReadModelDatabase } from '../../testing/projection-test';
import { dayOf, studioProjection } from './studio-projection';

const readModel = useReadModelDatabase('studio');

/** A generated history over 90 days: views, likes, readers' progress (forwards and back) and finishes. */
function history(seed: number): RecordedEvent[] {
  const next = seededRandom(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const stories = ['a', 'b', 'c'].map((s) => `${seed}-${s}`);
  const readers = [1, 2, 3, 4, 5].map((r) => `0000000${seed}-0000-4000-8000-00000000000${r}`); // account ids
  const start = Date.UTC(2026, 7, 1);
  const events: RecordedEvent[] = [];
  let position = 0;
  for (let i = 0; i < 400; i++) {
    const storyId = pick(stories);
    const roll = next();
    let stream: string;
    let event: DomainEvent;
    if (roll < 0.4) {
      stream = streams.storyViews(storyId);
      event = { type: 'StoryViewed', data: { storyId } };
    } else if (roll < 0.55) {
      stream = streams.storyLikes(storyId);
      event = { type: 'StoryLiked', data: { storyId } };
    } else if (roll < 0.9) {
      stream = streams.reading(pick(readers), storyId);
      event = { type: 'ReadingProgressRecorded', data: { storyId, slide: Math.floor(next() * 5) } };
    } else {
      stream = streams.reading(pick(readers), storyId);
      event = { type: 'StoryFinished', data: { storyId } };
    }
    position += 1;
    events.push({
      ...event,
      eventId: `e-${seed}-${position}`,
      streamName: stream,
      streamRevision: 0,
      position,
      metadata: { correlationId: 'c', causationId: 'c', actor: { kind: 'system' }, schemaVersion: 1 },
      recordedAt: new Date(start + Math.floor(next() * 90 * 86_400_000)),
    } as RecordedEvent);
  }
  return events;
}

/** The rows the studio should hold, worked out by replaying the events one at a time. */
function replay(events: readonly RecordedEvent[]) {
  const daily = new Map<string, { story_id: string; day: string; views: number; likes: number }>();
  const readers = new Map<
    string,
    { story_id: string; user_key: string; max_slide: number; finished: boolean }
  >();
  for (const event of events) {
    if (event.type === 'StoryViewed' || event.type === 'StoryLiked') {
      const key = `${event.data.storyId} ${dayOf(event.recordedAt)}`;
      const row = daily.get(key) ?? {
        story_id: event.data.storyId,
        day: dayOf(event.recordedAt),
        views: 0,
        likes: 0,
      };
      if (event.type === 'StoryViewed') row.views++;
      else row.likes++;
      daily.set(key, row);
    }
    if (event.type === 'ReadingProgressRecorded' || event.type === 'StoryFinished') {
      const userKey = event.streamName.slice('account_reading-'.length, 'account_reading-'.length + 36);
      const key = `${event.data.storyId} ${userKey}`;
      const row = readers.get(key) ?? {
        story_id: event.data.storyId,
        user_key: userKey,
        max_slide: 0,
        finished: false,
      };
      if (event.type === 'ReadingProgressRecorded') row.max_slide = Math.max(row.max_slide, event.data.slide);
      else row.finished = true;
      readers.set(key, row);
    }
  }
  const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return {
    daily: [...daily.values()].sort((x, y) => order(`${x.story_id} ${x.day}`, `${y.story_id} ${y.day}`)),
    readers: [...readers.values()].sort((x, y) =>
      order(`${x.story_id} ${x.user_key}`, `${y.story_id} ${y.user_key}`),
    ),
  };
}

async function rowsOf(prefix: string) {
  const db = readModel();
  const daily = await db
    .selectFrom('studio_daily')
    .select([
      'story_id',
      (eb) => eb.fn<string>('to_char', [eb.ref('day'), eb.val('YYYY-MM-DD')]).as('day'),
      'views',
      'likes',
    ])
    .where('story_id', 'like', `${prefix}-%`)
    .orderBy('story_id')
    .orderBy('day')
    .execute();
  const readers = await db
    .selectFrom('studio_readers')
    .selectAll()
    .where('story_id', 'like', `${prefix}-%`)
    .orderBy('story_id')
    .orderBy('user_key')
    .execute();
  return { daily, readers };
}

describe('studio projection', () => {
  for (const seed of [1, 2, 3, 4, 5]) {
    it(`holds what a replay of the events gives, whatever the batches (seed ${seed})`, async () => {
      const events = history(seed);
      // Cut the log into batches of random sizes, as the runner may.
      const next = seededRandom(seed * 7919);
      for (let from = 0; from < events.length; ) {
        const size = 1 + Math.floor(next() * 60);
        const batch = events.slice(from, from + size);
        await readModel()
          .transaction()
          .execute((trx) => studioProjection.applyBatch(trx, batch, { vault: lookupVault() }));
        from += size;
      }
      expect(await rowsOf(String(seed))).toEqual(replay(events));
    });
  }
});
