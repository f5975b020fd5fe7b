import {
  altTextMessages,
  countWords,
  labelMessages,
  ratingMessages,
  refuse,
  reportMessages,
  type StoryEvent,
  slideMessages,
  storyMessages,
} from '@nocturne/domain';
import type { ImageRef } from '@nocturne/events';
import { describe, expect, it } from 'vitest';
import { command } from '../shared/decider';
import { deciderSpec } from '../shared/testing/decider-spec';
import { type ChangeStoryLabels, type PublishStory, storyDecider } from './story-decider';

const given = deciderSpec(storyDecider);
const now = new Date('2025-01-10T12:00:00.000Z');
const image = (n: number): ImageRef => ({ ref: n.toString(16).padStart(32, '0'), width: 800, height: 1200 });
const preview: ImageRef = { ref: `preview-${'a'.repeat(32)}`, width: 240, height: 360 };
const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');

const publish = (texts: string[], overrides: Partial<PublishStory['data']> = {}): PublishStory =>
  command(
    'PublishStory',
    {
      storyId: 's1',
      slides: texts.map((text, i) => ({ image: image(i + 1), text })),
      preview,
      isPremium: false,
      tags: [],
      warnings: [],
      rating: 'mature',
      curatedTags,
      creatorKey: null,
      penNameChosen: false,
      assurance: { required: false, assuredUntil: null },
      ...overrides,
    },
    now,
  );
const curatedTags: ReadonlySet<string> = new Set(['romance', 'slow burn']);
const deleteStory = command('DeleteStory', { storyId: 's1' }, now);

const published: StoryEvent = {
  type: 'StoryPublished',
  data: {
    storyId: 's1',
    slides: publish(['a', 'b']).data.slides,
    preview,
    isPremium: true,
    tags: [],
    warnings: [],
    rating: 'mature',
  },
};
const deleted: StoryEvent = { type: 'StoryDeleted', data: { storyId: 's1' } };
const invalid = (detail: string) => refuse('invalid', detail);

describe('publishing a story', () => {
  it('publishes 2 slides with their image references, trimmed texts and the premium marker', () => {
    given()
      .when(publish(['  Once upon a time.  ', 'The end!'], { isPremium: true }))
      .thenEvents([
        {
          type: 'StoryPublished',
          data: {
            storyId: 's1',
            slides: [
              { image: image(1), text: 'Once upon a time.' },
              { image: image(2), text: 'The end!' },
            ],
            preview,
            isPremium: true,
            tags: [],
            warnings: [],
            rating: 'mature',
          },
        },
      ]);
  });

  it('accepts 10 slides and texts of exactly 500 words', () => {
    expect(
      given()
        .when(publish(Array.from({ length: 10 }, () => words(500))))
        .events(),
    ).toHaveLength(1);
  });

  it('refuses (400) fewer than 2 slides', () => {
    given()
      .when(publish(['only one']))
      .thenRefuses(invalid(slideMessages.tooFewSlides));
    given().when(publish([])).thenRefuses(invalid(slideMessages.tooFewSlides));
  });

  it('refuses (400) a slide whose text is empty or only spaces', () => {
    given()
      .when(publish(['fine', '   \n ']))
      .thenRefuses(invalid(slideMessages.tooFewSlides));
  });

  it('refuses (400) more than 10 slides', () => {
    given()
      .when(publish(Array.from({ length: 11 }, () => 'text')))
      .thenRefuses(invalid(slideMessages.tooManySlides));
  });

  it('refuses (400) a text of 501 words', () => {
    given()
      .when(publish(['short', words(501)]))
      .thenRefuses(invalid(slideMessages.badWordCount));
  });

  it('refuses (400) a text of 500 words that is absurdly long in characters', () => {
    const long = Array.from({ length: 500 }, () => 'x'.repeat(40)).join(' ');
    given()
      .when(publish(['short', long]))
      .thenRefuses(invalid(slideMessages.badWordCount));
  });

  it("keeps each image's description as its creator wrote it, trimmed; a slide without one has none", () => {
    const slides = [
      { image: image(1), text: 'The lanterns went out.', alt: '  A hand closing over a lantern  ' },
      { image: image(2), text: 'Then rain.', alt: '   ' },
    ];
    const [event] = given().when(publish([], { slides })).events();
    expect(event?.type === 'StoryPublished' && event.data.slides).toEqual([
      { image: image(1), text: 'The lanterns went out.', alt: 'A hand closing over a lantern' },
      { image: image(2), text: 'Then rain.' },
    ]);
  });

  it('refuses (400) an image description over 250 characters', () => {
    const slides = [
      { image: image(1), text: 'One.', alt: 'x'.repeat(251) },
      { image: image(2), text: 'Two.' },
    ];
    given().when(publish([], { slides })).thenRefuses(invalid(altTextMessages.tooLong));
  });

  it('refuses (409) to publish twice on one stream', () => {
    given(published)
      .when(publish(['a', 'b']))
      .thenRefuses(refuse('conflict', 'This story exists already.'));
  });
});

describe("a story's labels", () => {
  const labelled = (tags: string[], warnings: PublishStory['data']['warnings'] = []) =>
    publish(['a', 'b'], { tags, warnings });
  const change = (tags: string[], warnings: ChangeStoryLabels['data']['warnings'] = []): ChangeStoryLabels =>
    command('ChangeStoryLabels', { storyId: 's1', tags, warnings, curatedTags }, now);

  it('publishes curated tags and content warnings with the story', () => {
    const [event] = given()
      .when(labelled(['slow burn', 'romance'], ['violence']))
      .events();
    expect(event?.data).toMatchObject({ tags: ['slow burn', 'romance'], warnings: ['violence'] });
  });

  it('refuses (400) a tag that is not curated, naming it', () => {
    given()
      .when(labelled(['romance', 'pirates']))
      .thenRefuses(invalid(labelMessages.unknownTag('pirates')));
  });

  it('refuses (400) more than 8 tags', () => {
    const nine = Array.from({ length: 9 }, (_, i) => `t${i}`);
    given()
      .when(publish(['a', 'b'], { tags: nine, curatedTags: new Set(nine) }))
      .thenRefuses(invalid(labelMessages.tooManyTags));
  });

  it('refuses (400) a warning that is not on the fixed list, and a repeated tag', () => {
    given()
      .when(labelled([], ['violence', 'spiders' as 'violence']))
      .thenRefuses(invalid(labelMessages.unknownWarning('spiders')));
    given()
      .when(labelled(['romance', 'romance']))
      .thenRefuses(invalid(labelMessages.duplicate('romance')));
  });

  it('changes the labels of a live story with a new event', () => {
    given(published)
      .when(change(['romance'], ['gore']))
      .thenEvents([
        { type: 'StoryLabelsChanged', data: { storyId: 's1', tags: ['romance'], warnings: ['gore'] } },
      ]);
  });

  it('refuses (404) to change the labels of an unknown or deleted story', () => {
    given().when(change([])).thenRefuses(refuse('not_found', storyMessages.notFound));
    given(published, deleted).when(change([])).thenRefuses(refuse('not_found', storyMessages.notFound));
  });

  it('refuses (400) a changed tag that is not curated', () => {
    given(published)
      .when(change(['pirates']))
      .thenRefuses(invalid(labelMessages.unknownTag('pirates')));
  });

  it('keeps a tag the story carries although it has left the curated list', () => {
    const tagged: StoryEvent = { ...published, data: { ...published.data, tags: ['pirates'] } } as StoryEvent;
    given(tagged)
      .when(change(['pirates', 'romance']))
      .thenEvents([
        { type: 'StoryLabelsChanged', data: { storyId: 's1', tags: ['pirates', 'romance'], warnings: [] } },
      ]);
  });

  it('keeps a labelled story live: it can still be deleted', () => {
    const relabelled: StoryEvent = {
      type: 'StoryLabelsChanged',
      data: { storyId: 's1', tags: [], warnings: [] },
    };
    given(published, relabelled).when(deleteStory).thenEvents([deleted]);
  });
});

describe('deleting a story', () => {
  it('deletes a published story', () => {
    given(published).when(deleteStory).thenEvents([deleted]);
  });

  it('refuses (404) an unknown story', () => {
    given().when(deleteStory).thenRefuses(refuse('not_found', storyMessages.notFound));
  });

  it('refuses (404) a story deleted already', () => {
    given(published, deleted).when(deleteStory).thenRefuses(refuse('not_found', 'Story not found'));
  });
});

describe('hiding and restoring a story (moderation)', () => {
  const hide = command('HideStory', { storyId: 's1', reason: 'Depicts a minor' }, now);
  const restore = command(
    'RestoreStory',
    { storyId: 's1', reason: 'Appeal: the characters are adults' },
    now,
  );
  const hidden: StoryEvent = { type: 'StoryHidden', data: { storyId: 's1', reason: 'Depicts a minor' } };
  const restored: StoryEvent = {
    type: 'StoryRestored',
    data: { storyId: 's1', reason: 'Appeal: the characters are adults' },
  };

  it('hides a published story with its reason; the story is no longer live', () => {
    const state = given(published).when(hide).thenEvents([hidden]);
    expect(state.hidden).toBe(true);
  });

  it('refuses to hide a story hidden already, or one that does not exist or was deleted', () => {
    given(published, hidden).when(hide).thenRefuses(refuse('conflict', reportMessages.alreadyHidden));
    given().when(hide).thenRefuses(refuse('not_found', storyMessages.notFound));
    given(published, deleted).when(hide).thenRefuses(refuse('not_found', storyMessages.notFound));
  });

  it('restores a hidden story with its reason, and refuses to restore a visible one', () => {
    const state = given(published, hidden).when(restore).thenEvents([restored]);
    expect(state.hidden).toBe(false);
    given(published).when(restore).thenRefuses(refuse('conflict', reportMessages.notHidden));
    given(published, hidden, restored)
      .when(restore)
      .thenRefuses(refuse('conflict', reportMessages.notHidden));
  });

  it('deletes a hidden story (a decision after the hide) but refuses to relabel it', () => {
    given(published, hidden).when(deleteStory).thenEvents([deleted]);
    given(published, hidden)
      .when(command('ChangeStoryLabels', { storyId: 's1', tags: [], warnings: [], curatedTags }, now))
      .thenRefuses(refuse('not_found', storyMessages.notFound));
  });
});

describe('rating a story', () => {
  const rate = (rating: 'general' | 'mature' | 'explicit') =>
    command('ChangeStoryRating', { storyId: 's1', rating, reason: 'Slide 2 is explicit' }, now);

  it('publishes the rating its creator chose', () => {
    const [event] = given()
      .when(publish(['a', 'b'], { rating: 'explicit' }))
      .events();
    expect(event).toMatchObject({ type: 'StoryPublished', data: { rating: 'explicit' } });
  });

  it("a moderator changes a story's rating with the reason; the state follows", () => {
    const state = given(published)
      .when(rate('explicit'))
      .thenEvents([
        {
          type: 'StoryRatingChanged',
          data: { storyId: 's1', rating: 'explicit', reason: 'Slide 2 is explicit' },
        },
      ]);
    expect(state.rating).toBe('explicit');
  });

  it('refuses the rating the story has already (409), and an unknown or deleted story (404)', () => {
    given(published).when(rate('mature')).thenRefuses(refuse('conflict', ratingMessages.sameRating));
    given().when(rate('explicit')).thenRefuses(refuse('not_found', storyMessages.notFound));
    given(published, deleted).when(rate('explicit')).thenRefuses(refuse('not_found', storyMessages.notFound));
  });
});

describe('countWords', () => {
  it('counts runs of non-space characters', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('   ')).toBe(0);
    expect(countWords(' one  two\nthree\tfour ')).toBe(4);
  });
});
