import { refuse, type StoryEvent, storyMessages } from '@nocturne/domain';
import { storyPublished } from '@nocturne/events/testing';
import { describe, it } from 'vitest';
import { command } from '../shared/decider';
import { deciderSpec } from '../shared/testing/decider-spec';
import { engagementDecider } from './engagement-decider';

const given = deciderSpec(engagementDecider);
const now = new Date('2025-01-10T12:00:00.000Z');
const published = storyPublished({ storyId: 's1' }) as StoryEvent;
const like = command('LikeStory', { storyId: 's1' }, now);
const view = command('ViewStory', { storyId: 's1' }, now);
const notFound = refuse('not_found', storyMessages.notFound);
const hidden: StoryEvent = { type: 'StoryHidden', data: { storyId: 's1', reason: 'spam' } };
const restored: StoryEvent = { type: 'StoryRestored', data: { storyId: 's1', reason: 'appeal upheld' } };

describe('likes and views', () => {
  it('a live story is liked and viewed, as often as anyone likes', () => {
    given(published)
      .when(like)
      .thenEvents([{ type: 'StoryLiked', data: { storyId: 's1' } }]);
    given(published, { type: 'StoryLiked', data: { storyId: 's1' } })
      .when(like)
      .thenEvents([{ type: 'StoryLiked', data: { storyId: 's1' } }]);
    given(published)
      .when(view)
      .thenEvents([{ type: 'StoryViewed', data: { storyId: 's1' } }]);
  });

  it('a story never published, deleted or hidden is not found', () => {
    given().when(like).thenRefuses(notFound);
    given(published, { type: 'StoryDeleted', data: { storyId: 's1' } })
      .when(like)
      .thenRefuses(notFound);
    given(published, hidden).when(view).thenRefuses(notFound);
  });

  it('a story restored after hiding is liked again', () => {
    given(published, hidden, restored)
      .when(like)
      .thenEvents([{ type: 'StoryLiked', data: { storyId: 's1' } }]);
  });
});
