import { refuse, storyMessages } from '@nocturne/domain';
import { describe, it } from 'vitest';
import { command } from '../shared/decider';
import { deciderSpec } from '../shared/testing/decider-spec';
import { type ReadingEvent, readingDecider, readingMessages, type StoryAccess } from './reading-decider';

const given = deciderSpec(readingDecider);
const now = new Date('2026-11-23T12:00:00.000Z');
const storyId = 's1';
const progress = (slide: number, access: StoryAccess = 'readable', slideCount = 10) =>
  command('RecordProgress', { storyId, slide, slideCount, access }, now);
const finish = (access: StoryAccess = 'readable') => command('FinishStory', { storyId, access }, now);
const save = (access: StoryAccess = 'readable') => command('SaveStory', { storyId, access }, now);
const unsave = () => command('UnsaveStory', { storyId }, now);
const recorded = (slide: number): ReadingEvent => ({
  type: 'ReadingProgressRecorded',
  data: { storyId, slide },
});
/** Page `writer`'s `write`-th place. */
const placed = (writer: string, write: number, slide: number, access: StoryAccess = 'readable') => ({
  command: command(
    'RecordProgress',
    { storyId, slide, slideCount: 10, access, order: { writer, write } },
    now,
  ),
  event: { type: 'ReadingProgressRecorded', data: { storyId, slide, writer, write } } satisfies ReadingEvent,
});
const finished: ReadingEvent = { type: 'StoryFinished', data: { storyId } };
const saved: ReadingEvent = { type: 'StorySaved', data: { storyId } };
const unsaved: ReadingEvent = { type: 'StoryUnsaved', data: { storyId } };
const notFound = refuse('not_found', storyMessages.notFound);
const premiumRequired = refuse('payment_required', storyMessages.premiumRequired);

describe('recording progress', () => {
  it('records the slide a reader is on, and a later one', () => {
    given()
      .when(progress(0))
      .thenEvents([recorded(0)]);
    given(recorded(1))
      .when(progress(3))
      .thenEvents([recorded(3)]);
  });

  it('records going back too (the reader is on that slide now)', () => {
    given(recorded(5))
      .when(progress(2))
      .thenEvents([recorded(2)]);
  });

  it('appends nothing when the slide is the one recorded', () => {
    given(recorded(3)).when(progress(3)).thenNothing();
  });

  it("records the story's last slide (slides count from 0)", () => {
    given()
      .when(progress(4, 'readable', 5))
      .thenEvents([recorded(4)]);
  });

  it("refuses a slide past the story's last, recording nothing (was: kept slide 5 of a five-slide story)", () => {
    given()
      .when(progress(5, 'readable', 5))
      .thenRefuses(refuse('invalid', readingMessages.noSuchSlide(5)));
    given(recorded(2))
      .when(progress(9, 'readable', 2))
      .thenRefuses(refuse('invalid', readingMessages.noSuchSlide(2)));
  });

  it('refuses a story that is not live, or premium and not unlocked, as opening it would', () => {
    given()
      .when(progress(1, 'not_found', 0))
      .thenRefuses(notFound);
    given().when(progress(1, 'premium_required')).thenRefuses(premiumRequired);
  });
});

describe('recording progress in the order a page sent it', () => {
  it("records a page's places in turn, each with its order", () => {
    given()
      .when(placed('page-one', 1, 2).command)
      .thenEvents([placed('page-one', 1, 2).event]);
    given(placed('page-one', 1, 2).event)
      .when(placed('page-one', 2, 4).command)
      .thenEvents([placed('page-one', 2, 4).event]);
  });

  it('records nothing of a place its page sent before one already recorded (was: the place sent on leaving overwritten by the one still in flight)', () => {
    given(placed('page-one', 3, 6).event)
      .when(placed('page-one', 2, 4).command)
      .thenNothing();
    given(placed('page-one', 3, 6).event)
      .when(placed('page-one', 3, 6).command)
      .thenNothing();
  });

  it('records the place a page went back to, though it is the one stored, so that its earlier place is known to be older', () => {
    given(placed('page-one', 1, 3).event)
      .when(placed('page-one', 3, 3).command)
      .thenEvents([placed('page-one', 3, 3).event]);
    given(placed('page-one', 1, 3).event, placed('page-one', 3, 3).event)
      .when(placed('page-one', 2, 5).command)
      .thenNothing();
  });

  it("records another page's place whatever its count (another tab, another device), and a place without an order as before", () => {
    given(placed('page-one', 9, 6).event)
      .when(placed('page-two', 1, 2).command)
      .thenEvents([placed('page-two', 1, 2).event]);
    given(placed('page-one', 9, 6).event)
      .when(progress(2))
      .thenEvents([recorded(2)]);
    given(placed('page-one', 9, 6).event)
      .when(progress(6))
      .thenNothing();
  });
});

describe('finishing', () => {
  it('marks the story read once', () => {
    given(recorded(9)).when(finish()).thenEvents([finished]);
    given(recorded(9), finished).when(finish()).thenNothing();
  });

  it('refuses a story the reader may not read', () => {
    given().when(finish('not_found')).thenRefuses(notFound);
    given().when(finish('premium_required')).thenRefuses(premiumRequired);
  });
});

describe('saving and unsaving', () => {
  it('saves, unsaves and saves again', () => {
    given().when(save()).thenEvents([saved]);
    given(saved).when(unsave()).thenEvents([unsaved]);
    given(saved, unsaved).when(save()).thenEvents([saved]);
  });

  it('appends nothing when saving a saved story or unsaving an unsaved one', () => {
    given(saved).when(save()).thenNothing();
    given().when(unsave()).thenNothing();
    given(saved, unsaved).when(unsave()).thenNothing();
  });

  it('saves a premium story not opened yet, refuses an unknown one, and always lets a bookmark go', () => {
    given().when(save('not_found')).thenRefuses(notFound);
    given().when(save('premium_required')).thenEvents([saved]);
    given(saved).when(unsave()).thenEvents([unsaved]);
  });
});
