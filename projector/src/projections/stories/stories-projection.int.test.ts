import { storyPublished } from '@nocturne/events/testing';
import { type Kysely, sql } from 'kysely';
import { describe, it } from 'vitest';
import type { ReadModel } from '../../read-model/schema';
import {
  eventRecorder,
  lookupVault,
  projectionSpec,
  useReadModelDatabase,
} from '../../testing/projection-test';
import { storiesProjection } from './stories-projection';

const readModel = useReadModelDatabase('stories_projection');
const given = projectionSpec(storiesProjection, readModel, { vault: lookupVault() });
const record = eventRecorder();
const when = '2025-07-01T00:00:00Z';

const published = (storyId: string) => record(storyPublished({ storyId }), `story-${storyId}`, when);
/** The like or view that is the stream's n-th (its count is its revision plus one). */
const liked = (storyId: string, nth: number) => ({
  ...record({ type: 'StoryLiked', data: { storyId } }, `story_likes-${storyId}`, when),
  streamRevision: nth - 1,
});
const viewed = (storyId: string, nth: number) => ({
  ...record({ type: 'StoryViewed', data: { storyId } }, `story_views-${storyId}`, when),
  streamRevision: nth - 1,
});

const countsOf =
  (...ids: string[]) =>
  (db: Kysely<ReadModel>) =>
    db.selectFrom('stories').select(['id', 'likes', 'views']).where('id', 'in', ids).orderBy('id').execute();

describe('the stories projection', () => {
  it('counts likes and views in one update, leaving a counter the batch did not touch as it was', async () => {
    await given(published('s1'), published('s2'), liked('s1', 1), viewed('s1', 1), viewed('s2', 1)).project();
    await given(liked('s1', 2), liked('s1', 3), viewed('s2', 2), viewed('s2', 3), liked('s2', 1)).thenRows(
      countsOf('s1', 's2'),
      [
        { id: 's1', likes: 3, views: 1 },
        { id: 's2', likes: 1, views: 3 },
      ],
    );
    await given(viewed('s1', 2)).thenRows(countsOf('s1', 's2'), [
      { id: 's1', likes: 3, views: 2 },
      { id: 's2', likes: 1, views: 3 },
    ]);
  });

  it("writes the story's rating on its card and its images, and a moderator's change over both", async () => {
    const rated = (db: Kysely<ReadModel>) =>
      db
        .selectFrom('stories')
        .leftJoin('story_images', 'story_images.story_id', 'stories.id')
        .select(['id', sql<string>`card->>'rating'`.as('rating'), 'story_images.explicit'])
        .where('id', 'in', ['r1', 'r2'])
        .groupBy(['id', 'story_images.explicit'])
        .orderBy('id')
        .execute();
    const explicitStory = record(
      {
        ...storyPublished({ storyId: 'r2' }),
        data: { ...storyPublished({ storyId: 'r2' }).data, rating: 'explicit' },
      },
      'story-r2',
      when,
    );
    await given(published('r1'), explicitStory).thenRows(rated, [
      { id: 'r1', rating: 'mature', explicit: false },
      { id: 'r2', rating: 'explicit', explicit: true },
    ]);
    const rerated = record(
      { type: 'StoryRatingChanged', data: { storyId: 'r1', rating: 'explicit', reason: 'Explicit slides' } },
      'story-r1',
      when,
    );
    const lowered = record(
      { type: 'StoryRatingChanged', data: { storyId: 'r2', rating: 'general', reason: 'Nothing explicit' } },
      'story-r2',
      when,
    );
    await given(rerated, lowered).thenRows(rated, [
      { id: 'r1', rating: 'explicit', explicit: true },
      { id: 'r2', rating: 'general', explicit: false },
    ]);
  });
});
