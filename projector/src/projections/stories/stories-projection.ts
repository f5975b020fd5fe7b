import type { Projection } from '../../runner/projection';

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
            published_at: event.recordedAt,
            position: event.position,
          })
          .onConflict((oc) => oc.column('id').doNothing())
          .execute();
        return;
      case 'StoryDeleted':
        await trx.deleteFrom('stories').where('id', '=', event.data.storyId).execute();
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
