import { legacyReadingStreamParts, readingStreamParts } from '@nocturne/events';
import { sql } from 'kysely';
import type { Projection } from '../../runner/projection';

/** The UTC day of an event: the chart's unit. */
export const dayOf = (at: Date): string => at.toISOString().slice(0, 10);

interface DayCount {
  story: string;
  day: string;
  views: number;
  likes: number;
}

interface ReaderReach {
  story: string;
  user: string;
  maxSlide: number;
  finished: boolean;
}

/**
 * What the studio counts: each view and like on the day it came, and each logged-in reader's
 * furthest slide and finish of a story (read from their `reading-{userKey}-{storyId}` stream).
 * A batch adds its counts to the rows (each event is applied once: the checkpoint moves with them).
 */
export const studioProjection: Projection = {
  name: 'studio',
  handles: ['StoryViewed', 'StoryLiked', 'ReadingProgressRecorded', 'StoryFinished'],
  async applyBatch(trx, events) {
    const days = new Map<string, DayCount>();
    const readers = new Map<string, ReaderReach>();
    for (const event of events) {
      switch (event.type) {
        case 'StoryViewed':
        case 'StoryLiked': {
          const story = event.data.storyId;
          const day = dayOf(event.recordedAt);
          const key = `${story} ${day}`;
          const count = days.get(key) ?? { story, day, views: 0, likes: 0 };
          if (event.type === 'StoryViewed') count.views += 1;
          else count.likes += 1;
          days.set(key, count);
          break;
        }
        case 'ReadingProgressRecorded':
        case 'StoryFinished': {
          // The reader: their account (or, on a stream recorded before those, their address's key).
          const reader =
            readingStreamParts(event.streamName)?.accountId ??
            legacyReadingStreamParts(event.streamName)?.userKey;
          if (!reader) break;
          const story = event.data.storyId;
          const key = `${story} ${reader}`;
          const reach = readers.get(key) ?? { story, user: reader, maxSlide: 0, finished: false };
          if (event.type === 'ReadingProgressRecorded')
            reach.maxSlide = Math.max(reach.maxSlide, event.data.slide);
          else reach.finished = true;
          readers.set(key, reach);
          break;
        }
      }
    }
    if (days.size > 0) {
      const rows = [...days.values()];
      await sql`insert into studio_daily (story_id, day, views, likes)
        select * from unnest(${rows.map((r) => r.story)}::text[], ${rows.map((r) => r.day)}::date[],
          ${rows.map((r) => r.views)}::int[], ${rows.map((r) => r.likes)}::int[])
        on conflict (story_id, day) do update set views = studio_daily.views + excluded.views,
          likes = studio_daily.likes + excluded.likes`.execute(trx);
    }
    if (readers.size > 0) {
      const rows = [...readers.values()];
      await sql`insert into studio_readers (story_id, user_key, max_slide, finished)
        select * from unnest(${rows.map((r) => r.story)}::text[], ${rows.map((r) => r.user)}::text[],
          ${rows.map((r) => r.maxSlide)}::int[], ${rows.map((r) => r.finished)}::boolean[])
        on conflict (story_id, user_key) do update
          set max_slide = greatest(studio_readers.max_slide, excluded.max_slide),
          finished = studio_readers.finished or excluded.finished`.execute(trx);
    }
  },
};
