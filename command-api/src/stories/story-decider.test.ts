import type { ImageRef } from '@nocturne/events';
import type { StoryEvent } from '@nocturne/events/domain';
import { countWords, slideMessages } from '@nocturne/events/domain';
import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider';
import { refusalOf } from '../shared/testing/refusal';
import { type StoryCommand, storyDecider } from './story-decider';

const image = (n: number): ImageRef => ({ ref: n.toString(16).padStart(32, '0'), width: 800, height: 1200 });
const preview: ImageRef = { ref: `preview-${'a'.repeat(32)}`, width: 240, height: 360 };
const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');

const publish = (texts: string[], overrides: Partial<Extract<StoryCommand, { type: 'PublishStory' }>> = {}) =>
  ({
    type: 'PublishStory',
    storyId: 's1',
    slides: texts.map((text, i) => ({ image: image(i + 1), text })),
    preview,
    isPremium: false,
    ...overrides,
  }) satisfies StoryCommand;

const published: StoryEvent = {
  type: 'StoryPublished',
  data: { storyId: 's1', slides: publish(['a', 'b']).slides, preview, isPremium: true },
};

/** given events, when command: the events decided, or the refusal. */
function given(history: StoryEvent[]) {
  const state = fold(storyDecider, history);
  return {
    when: (command: StoryCommand) => storyDecider.decide(command, state),
    refusal: (command: StoryCommand) => refusalOf(() => storyDecider.decide(command, state)),
  };
}

describe('publishing a story', () => {
  it('publishes 2 slides with their image references, trimmed texts and the premium marker', () => {
    const events = given([]).when(publish(['  Once upon a time.  ', 'The end!'], { isPremium: true }));
    expect(events).toEqual([
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
        },
      },
    ]);
  });

  it('accepts 10 slides and texts of exactly 500 words', () => {
    const events = given([]).when(publish(Array.from({ length: 10 }, () => words(500))));
    expect(events).toHaveLength(1);
  });

  it('refuses fewer than 2 slides', () => {
    expect(given([]).refusal(publish(['only one']))).toEqual({
      status: 400,
      detail: slideMessages.tooFewSlides,
    });
    expect(given([]).refusal(publish([]))).toEqual({ status: 400, detail: slideMessages.tooFewSlides });
  });

  it('refuses a slide whose text is empty or only spaces', () => {
    expect(given([]).refusal(publish(['fine', '   \n ']))).toEqual({
      status: 400,
      detail: slideMessages.tooFewSlides,
    });
  });

  it('refuses more than 10 slides', () => {
    expect(given([]).refusal(publish(Array.from({ length: 11 }, () => 'text')))).toEqual({
      status: 400,
      detail: slideMessages.tooManySlides,
    });
  });

  it('refuses a text of 501 words', () => {
    expect(given([]).refusal(publish(['short', words(501)]))).toEqual({
      status: 400,
      detail: slideMessages.badWordCount,
    });
  });

  it('refuses a text of 500 words that is absurdly long in characters', () => {
    const long = Array.from({ length: 500 }, () => 'x'.repeat(40)).join(' ');
    expect(given([]).refusal(publish(['short', long]))).toEqual({
      status: 400,
      detail: slideMessages.badWordCount,
    });
  });

  it('refuses to publish twice on one stream', () => {
    expect(given([published]).refusal(publish(['a', 'b']))).toEqual({
      status: 409,
      detail: 'This story exists already.',
    });
  });
});

describe('deleting a story', () => {
  it('deletes a published story', () => {
    expect(given([published]).when({ type: 'DeleteStory', storyId: 's1' })).toEqual([
      { type: 'StoryDeleted', data: { storyId: 's1' } },
    ]);
  });

  it('refuses an unknown story with 404', () => {
    expect(given([]).refusal({ type: 'DeleteStory', storyId: 's1' })).toEqual({
      status: 404,
      detail: 'Story not found',
    });
  });

  it('refuses a story deleted already with 404', () => {
    const deleted: StoryEvent = { type: 'StoryDeleted', data: { storyId: 's1' } };
    expect(given([published, deleted]).refusal({ type: 'DeleteStory', storyId: 's1' })).toEqual({
      status: 404,
      detail: 'Story not found',
    });
  });
});

describe('countWords', () => {
  it('counts runs of non-space characters', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('   ')).toBe(0);
    expect(countWords(' one  two\nthree\tfour ')).toBe(4);
  });
});
