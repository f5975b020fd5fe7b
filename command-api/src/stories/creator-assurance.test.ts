import {
  type CreatorAssurance,
  creatorAssuranceMessages,
  evolveUser,
  initialUserState,
  refuse,
  type StoryEvent,
  type UserEvent,
} from '@nocturne/domain';
import type { ImageRef } from '@nocturne/events';
import { describe, expect, it } from 'vitest';
import { ownStoryDecider } from '../drafts/own-story-decider';
import { command } from '../shared/decider';
import { deciderSpec } from '../shared/testing/decider-spec';
import { type PublishStory, storyDecider } from './story-decider';

const now = new Date('2026-06-01T12:00:00.000Z');
const creatorKey = 'c'.repeat(32);
const image = (n: number): ImageRef => ({ ref: n.toString(16).padStart(32, '0'), width: 800, height: 1200 });
const preview: ImageRef = { ref: `preview-${'a'.repeat(32)}`, width: 240, height: 360 };
const slides = [
  { image: image(1), text: 'One.' },
  { image: image(2), text: 'Two.' },
];

const assured = (assuredAt: string, expiresAt: string): UserEvent => ({
  type: 'AgeAssured',
  data: { method: 'hosted', provider: 'yoti', assuredAt, expiresAt },
});

/** The member's own stream, folded by the deciders' evolveUser, as the handler reads it. */
const fromUserStream = (...events: UserEvent[]): CreatorAssurance => ({
  required: true,
  assuredUntil: events.reduce(evolveUser, initialUserState()).ageAssuredUntil,
});

const publish = (rating: 'general' | 'mature' | 'explicit', assurance: CreatorAssurance): PublishStory =>
  command(
    'PublishStory',
    {
      storyId: 's1',
      slides,
      preview,
      isPremium: false,
      tags: [],
      warnings: [],
      rating,
      curatedTags: new Set<string>(),
      creatorKey,
      penNameChosen: true,
      assurance,
    },
    now,
  );

const notAssured = refuse('forbidden', creatorAssuranceMessages.required);

describe('publishing an Explicit story asks that its creator be assured', () => {
  it('given no AgeAssured on the member stream, when they publish Explicit, then it is refused', () => {
    deciderSpec(storyDecider)().when(publish('explicit', fromUserStream())).thenRefuses(notAssured);
  });

  it('given an AgeAssured that has expired, when they publish Explicit, then it is refused', () => {
    const expired = assured('2025-05-01T00:00:00.000Z', '2026-05-01T00:00:00.000Z');
    deciderSpec(storyDecider)()
      .when(publish('explicit', fromUserStream(expired)))
      .thenRefuses(notAssured);
    // It expires at its instant: an assurance ending now no longer holds.
    const endingNow = assured('2025-06-01T12:00:00.000Z', now.toISOString());
    deciderSpec(storyDecider)()
      .when(publish('explicit', fromUserStream(endingNow)))
      .thenRefuses(notAssured);
  });

  it('given an unexpired AgeAssured (the latest counts), when they publish Explicit, then it is published', () => {
    const old = assured('2025-01-01T00:00:00.000Z', '2025-12-31T00:00:00.000Z');
    const renewed = assured('2026-05-30T00:00:00.000Z', '2027-05-30T00:00:00.000Z');
    const [event] = deciderSpec(storyDecider)()
      .when(publish('explicit', fromUserStream(old, renewed)))
      .events();
    expect(event).toMatchObject({ type: 'StoryPublished', data: { rating: 'explicit', creatorKey } });
  });

  it('given no assurance, General and Mature stories are published; with assurance off, Explicit too', () => {
    for (const rating of ['general', 'mature'] as const) {
      expect(deciderSpec(storyDecider)().when(publish(rating, fromUserStream())).events()).toHaveLength(1);
    }
    const off = { required: false, assuredUntil: null };
    expect(deciderSpec(storyDecider)().when(publish('explicit', off)).events()).toHaveLength(1);
  });
});

describe('drafts and revisions ask it the same way', () => {
  const given = deciderSpec(ownStoryDecider);
  const draft = (rating: 'mature' | 'explicit'): StoryEvent => ({
    type: 'StoryDraftSaved',
    data: { storyId: 's1', creatorKey, slides, preview, isPremium: false, tags: [], warnings: [], rating },
  });
  const published: StoryEvent = {
    type: 'StoryPublished',
    data: {
      storyId: 's1',
      slides,
      preview,
      isPremium: false,
      tags: [],
      warnings: [],
      rating: 'mature',
      creatorKey,
    },
  };
  const publisher = (assurance: CreatorAssurance) => ({
    storyId: 's1',
    creatorKey,
    penNameChosen: true,
    curatedTags: new Set<string>(),
    assurance,
  });
  const valid = assured('2026-05-30T00:00:00.000Z', '2027-05-30T00:00:00.000Z');

  it('given an Explicit draft and no assurance, when it is published or scheduled, then it is refused', () => {
    given(draft('explicit'))
      .when(command('PublishDraft', publisher(fromUserStream()), now))
      .thenRefuses(notAssured);
    given(draft('explicit'))
      .when(
        command(
          'ScheduleDraft',
          { ...publisher(fromUserStream()), publishAt: new Date('2026-06-02T00:00:00Z') },
          now,
        ),
      )
      .thenRefuses(notAssured);
    const [event] = given(draft('explicit'))
      .when(command('PublishDraft', publisher(fromUserStream(valid)), now))
      .events();
    expect(event).toMatchObject({ type: 'StoryPublished', data: { rating: 'explicit' } });
  });

  it('given a scheduled Explicit draft whose creator is no longer assured when it is due, then it goes back to them', () => {
    const publishAt = '2026-06-01T11:00:00.000Z';
    const [event] = given(draft('explicit'), {
      type: 'StoryDraftScheduled',
      data: { storyId: 's1', publishAt },
    })
      .when(
        command(
          'PublishScheduledDraft',
          {
            storyId: 's1',
            penNameChosen: true,
            curatedTags: new Set<string>(),
            publishAt,
            assurance: fromUserStream(),
          },
          now,
        ),
      )
      .events();
    expect(event).toEqual({ type: 'StoryDraftUnscheduled', data: { storyId: 's1' } });
  });

  it('given a published Mature story, when a revision makes it Explicit without assurance, then it is refused', () => {
    const revision = (assurance: CreatorAssurance) =>
      command(
        'ReviseStory',
        {
          storyId: 's1',
          creatorKey,
          slides: [
            { text: 'One.', keep: 0 },
            { text: 'Two.', keep: 1 },
          ],
          preview,
          tags: [],
          warnings: [],
          rating: 'explicit' as const,
          curatedTags: new Set<string>(),
          assurance,
        },
        now,
      );
    given(published).when(revision(fromUserStream())).thenRefuses(notAssured);
    const [event] = given(published)
      .when(revision(fromUserStream(valid)))
      .events();
    expect(event).toMatchObject({ type: 'StoryRevised', data: { rating: 'explicit' } });
  });
});
