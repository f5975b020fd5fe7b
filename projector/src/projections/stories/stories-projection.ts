import type { EventData } from '@nocturne/events';
import type { Insertable } from 'kysely';
import type { StoryImagesTable } from '../../read-model/schema';
import type { Projection } from '../../runner/projection';
import { storyCard } from './story-card';

/** The images of a story as the image route looks them up: every slide image and the preview. */
function storyImageRows(story: EventData<'StoryPublished'>): Insertable<StoryImagesTable>[] {
  const common = { story_id: story.storyId, is_premium: story.isPremium };
  const slides = story.slides.map((s) => ({
    ...common,
    kind: 'slide' as const,
    ref: s.image.ref,
    width: s.image.width,
    height: s.image.height,
  }));
  const unique = [...new Map(slides.map((row) => [row.ref, row])).values()];
  return [
    ...unique,
    {
      ...common,
      kind: 'preview',
      ref: story.preview.ref,
      width: story.preview.width,
      height: story.preview.height,
    },
  ];
}

/** Stories and their view and like counts, for the lists and the reader. */
export const storiesProjection: Projection = {
  name: 'stories',
  handles: ['StoryPublished', 'StoryDeleted', 'StoryLiked', 'StoryViewed'],
  async apply(trx, event) {
    switch (event.type) {
      case 'StoryPublished':
        await trx
          .insertInto('stories')
          .values({
            id: event.data.storyId,
            is_premium: event.data.isPremium,
            slides: JSON.stringify(event.data.slides),
            preview: JSON.stringify(event.data.preview),
            card: JSON.stringify(storyCard(event.data.slides)),
            published_at: event.recordedAt,
            position: event.position,
          })
          .onConflict((oc) => oc.column('id').doNothing())
          .execute();
        await trx
          .insertInto('story_images')
          .values(storyImageRows(event.data))
          .onConflict((oc) => oc.columns(['story_id', 'ref', 'kind']).doNothing())
          .execute();
        return;
      case 'StoryDeleted':
        await trx.deleteFrom('stories').where('id', '=', event.data.storyId).execute();
        // Its images stop being served: the image route only serves refs listed here.
        await trx.deleteFrom('story_images').where('story_id', '=', event.data.storyId).execute();
        return;
      case 'StoryLiked':
        // The count is the like stream's revision + 1, so a replayed batch cannot double-count.
        await trx
          .updateTable('stories')
          .set({ likes: event.streamRevision + 1 })
          .where('id', '=', event.data.storyId)
          .execute();
        return;
      case 'StoryViewed':
        await trx
          .updateTable('stories')
          .set({ views: event.streamRevision + 1 })
          .where('id', '=', event.data.storyId)
          .execute();
        return;
    }
  },
};
