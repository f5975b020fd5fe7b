import { type StoryRatingId, teaser } from '@nocturne/domain';
import type { RecordedEvent } from '@nocturne/events';
import { sql } from 'kysely';
import type { Projection } from '../../runner/projection';
import { unnestRows } from '../../runner/unnest-rows';

interface PublishedStory {
  storyId: string;
  tags: readonly string[];
  texts: readonly string[];
  isPremium: boolean;
  rating: StoryRatingId;
  at: Date;
  position: number;
}

/** What a batch does to one story's search row, folded in log order. */
interface SearchFold {
  /** A StoryDeleted in the batch: the row as it was before the batch goes. */
  deleted: boolean;
  /** A StoryPublished after the batch's last deletion: inserted unless the row exists. */
  published?: PublishedStory;
  /** The tags of the batch's last StoryLabelsChanged or StoryRevised: they replace the row's. */
  tags?: readonly string[];
  /** The texts of the batch's last StoryRevised: they replace the row's. */
  texts?: readonly string[];
  /** The rating of the batch's last StoryRevised or StoryRatingChanged: it replaces the row's. */
  rating?: StoryRatingId;
}

function foldSearch(events: readonly RecordedEvent[]): Map<string, SearchFold> {
  const folds = new Map<string, SearchFold>();
  for (const event of events) {
    if (
      event.type !== 'StoryPublished' &&
      event.type !== 'StoryLabelsChanged' &&
      event.type !== 'StoryRevised' &&
      event.type !== 'StoryRatingChanged' &&
      event.type !== 'StoryDeleted' &&
      event.type !== 'StoryUnpublished'
    )
      continue;
    const id = event.data.storyId;
    const fold = folds.get(id) ?? { deleted: false };
    folds.set(id, fold);
    switch (event.type) {
      case 'StoryPublished':
        fold.published = {
          storyId: id,
          tags: event.data.tags,
          texts: event.data.slides.map((slide) => slide.text),
          isPremium: event.data.isPremium,
          rating: event.data.rating,
          at: event.recordedAt,
          position: event.position,
        };
        fold.tags = undefined;
        fold.texts = undefined;
        fold.rating = undefined;
        break;
      case 'StoryLabelsChanged':
        fold.tags = event.data.tags;
        break;
      case 'StoryRevised':
        fold.tags = event.data.tags;
        fold.texts = event.data.slides.map((slide) => slide.text);
        fold.rating = event.data.rating;
        break;
      case 'StoryRatingChanged':
        fold.rating = event.data.rating;
        break;
      case 'StoryDeleted':
      case 'StoryUnpublished':
        // Whatever the batch did to the story before is gone with it.
        folds.set(id, { deleted: true });
        break;
    }
  }
  return folds;
}

/**
 * story_search: the words of each live story for full-text search (GET /api/search). The
 * projection keeps the two parts of the document, tags and texts, so a StoryLabelsChanged
 * replaces the tags and PostgreSQL regenerates the document (migration 0010); with the teaser
 * (the card's opening words) it also keeps the card's own document (migration 0016). Each batch also
 * records its last position in story_search_version, query-api's key for the answers it keeps.
 */
export const storySearchProjection: Projection = {
  name: 'story-search',
  handles: [
    'StoryPublished',
    'StoryLabelsChanged',
    'StoryRevised',
    'StoryRatingChanged',
    'StoryDeleted',
    'StoryUnpublished',
  ],
  async applyBatch(trx, events) {
    const folds = [...foldSearch(events)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const deleted = folds.filter(([, f]) => f.deleted).map(([id]) => id);
    if (deleted.length > 0) await trx.deleteFrom('story_search').where('story_id', 'in', deleted).execute();

    const published = folds.flatMap(([, f]) => (f.published ? [f.published] : []));
    if (published.length > 0) {
      const rows = published.map((story) => ({
        story_id: story.storyId,
        tags_text: story.tags.join(' '),
        texts: story.texts.join('\n'),
        teaser: teaser(story.texts[0] ?? ''),
        is_premium: story.isPremium,
        rating: story.rating,
        published_at: story.at,
        position: story.position,
      }));
      const { columns, select } = unnestRows(rows, {
        story_id: 'text',
        tags_text: 'text',
        texts: 'text',
        teaser: 'text',
        is_premium: 'boolean',
        rating: 'text',
        published_at: 'timestamptz',
        position: 'bigint',
      });
      await sql`insert into story_search (${columns}) ${select} on conflict (story_id) do nothing`.execute(
        trx,
      );
    }

    const relabelled = folds.filter(([, f]) => f.tags !== undefined);
    if (relabelled.length > 0) {
      await sql`update story_search set tags_text = c.tags_text
        from unnest(${relabelled.map(([id]) => id)}::text[], ${relabelled.map(([, f]) => f.tags!.join(' '))}::text[])
          as c(id, tags_text)
        where story_search.story_id = c.id`.execute(trx);
    }
    const revised = folds.filter(([, f]) => f.texts !== undefined);
    if (revised.length > 0) {
      await sql`update story_search set texts = c.texts, teaser = c.teaser
        from unnest(${revised.map(([id]) => id)}::text[], ${revised.map(([, f]) => f.texts!.join('\n'))}::text[],
          ${revised.map(([, f]) => teaser(f.texts![0] ?? ''))}::text[]) as c(id, texts, teaser)
        where story_search.story_id = c.id`.execute(trx);
    }
    const rerated = folds.filter(([, f]) => f.rating !== undefined);
    if (rerated.length > 0) {
      await sql`update story_search set rating = c.rating
        from unnest(${rerated.map(([id]) => id)}::text[], ${rerated.map(([, f]) => f.rating!)}::text[])
          as c(id, rating)
        where story_search.story_id = c.id`.execute(trx);
    }
    // Whatever changed, searches answered before this batch are stale now.
    const last = events.at(-1);
    if (last) await trx.updateTable('story_search_version').set({ changed_at: last.position }).execute();
  },
};
