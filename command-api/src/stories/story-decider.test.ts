import type { ImageRef } from '@nocturne/events';
import { countWords, refuse, type StoryEvent, slideMessages, storyMessages } from '@nocturne/events/domain';
import { describe, expect, it } from 'vitest';
import { command } from '../shared/decider';
import { deciderSpec } from '../shared/testing/decider-spec';
import { type PublishStory, storyDecider } from './story-decider';

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
      ...overrides,
    },
    now,
  );
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

  it('refuses (409) to publish twice on one stream', () => {
    given(published)
      .when(publish(['a', 'b']))
      .thenRefuses(refuse('conflict', 'This story exists already.'));
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

describe('countWords', () => {
  it('counts runs of non-space characters', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('   ')).toBe(0);
    expect(countWords(' one  two\nthree\tfour ')).toBe(4);
  });
});
