import {
  altTextMessages,
  creatorMessages,
  draftMessages,
  refuse,
  type StoryEvent,
  slideMessages,
  storyMessages,
} from '@nocturne/domain';
import type { ImageRef } from '@nocturne/events';
import { describe, expect, it } from 'vitest';
import { command } from '../shared/decider';
import { deciderSpec } from '../shared/testing/decider-spec';
import { type OwnStoryCommand, ownStoryDecider, type SlideInput } from './own-story-decider';

const given = deciderSpec(ownStoryDecider);
const now = new Date('2026-03-10T12:00:00.000Z');
const image = (n: number): ImageRef => ({ ref: n.toString(16).padStart(32, '0'), width: 800, height: 1200 });
const preview: ImageRef = { ref: `preview-${'a'.repeat(32)}`, width: 240, height: 360 };
const curatedTags: ReadonlySet<string> = new Set(['romance', 'noir']);
/** The product assures no ages here (creator-assurance.test.ts asks for it). */
const assurance = { required: false, assuredUntil: null };
const creatorKey = 'c'.repeat(32);
const otherKey = 'd'.repeat(32);
const storyId = 's1';

const content = (slides: SlideInput[]) => ({
  storyId,
  creatorKey,
  slides,
  preview,
  tags: ['romance'],
  warnings: [],
  rating: null,
  curatedTags,
});
const create = (slides: SlideInput[], by = creatorKey): OwnStoryCommand =>
  command('CreateDraft', { ...content(slides), creatorKey: by, isPremium: false }, now);
const save = (slides: SlideInput[], by = creatorKey): OwnStoryCommand =>
  command('SaveDraft', { ...content(slides), creatorKey: by, isPremium: false }, now);
const revise = (slides: SlideInput[], by = creatorKey): OwnStoryCommand =>
  command('ReviseStory', { ...content(slides), creatorKey: by, assurance }, now);
const publisher = { storyId, creatorKey, penNameChosen: true, curatedTags, assurance };
const publishDraft = (overrides = {}): OwnStoryCommand =>
  command('PublishDraft', { ...publisher, ...overrides }, now);
const schedule = (publishAt: string, overrides = {}): OwnStoryCommand =>
  command('ScheduleDraft', { ...publisher, publishAt: new Date(publishAt), ...overrides }, now);
const scheduledPublish = (publishAt: string, at = now): OwnStoryCommand =>
  command('PublishScheduledDraft', { storyId, penNameChosen: true, curatedTags, publishAt, assurance }, at);

const draftSaved = (texts: string[], by = creatorKey): StoryEvent => ({
  type: 'StoryDraftSaved',
  data: {
    storyId,
    creatorKey: by,
    slides: texts.map((text, i) => ({ image: image(i + 1), text })),
    preview,
    isPremium: false,
    tags: ['romance'],
    warnings: [],
    rating: 'mature',
  },
});
const draft = draftSaved(['Night falls.', 'Dawn comes.']);
const published: StoryEvent = {
  type: 'StoryPublished',
  data: {
    storyId,
    slides: [
      { image: image(1), text: 'Night falls.' },
      { image: image(2), text: 'Dawn comes.' },
    ],
    preview,
    isPremium: false,
    tags: ['romance'],
    warnings: [],
    rating: 'mature',
    creatorKey,
  },
};
const threeSlides: StoryEvent = {
  type: 'StoryPublished',
  data: {
    ...published.data,
    slides: [1, 2, 3].map((n) => ({ image: image(n), text: `Slide ${n}.` })),
  } as Extract<StoryEvent, { type: 'StoryPublished' }>['data'],
};
const scheduledAt = '2026-03-10T12:05:00.000Z';
const scheduled: StoryEvent = { type: 'StoryDraftScheduled', data: { storyId, publishAt: scheduledAt } };

describe('drafts', () => {
  it('saves a new draft with its creator; one slide and an empty text are allowed in a draft', () => {
    given()
      .when(create([{ text: '', image: image(1) }]))
      .thenEvents([draftSaved([''])]);
  });

  it('an edit of a draft that does not exist is not found (an edit created a draft at an id the client chose)', () => {
    given()
      .when(save([{ text: 'Mine now?', image: image(1) }]))
      .thenRefuses(refuse('not_found', draftMessages.notFound));
  });

  it('an edit keeps an image by its slide and replaces the rest of the content', () => {
    given(draft)
      .when(
        save([
          { text: ' Dawn, again. ', keep: 1 },
          { text: 'New.', image: image(9) },
        ]),
      )
      .thenEvents([
        {
          type: 'StoryDraftSaved',
          data: {
            ...(draftSaved([]).data as Extract<StoryEvent, { type: 'StoryDraftSaved' }>['data']),
            slides: [
              { image: image(2), text: 'Dawn, again.' },
              { image: image(9), text: 'New.' },
            ],
          },
        },
      ]);
  });

  it('refuses to save over a draft of someone else, as if it did not exist', () => {
    given(draft)
      .when(save([{ text: 'Mine now.', image: image(5) }], otherKey))
      .thenRefuses(refuse('not_found', draftMessages.notFound));
  });

  it('refuses a kept slide that does not exist, and 11 slides', () => {
    given(draft)
      .when(save([{ text: 'x', keep: 4 }]))
      .thenRefuses(refuse('invalid', 'Slide 5 does not exist: upload an image for it.'));
    given()
      .when(create(Array.from({ length: 11 }, (_, i) => ({ text: 'x', image: image(i + 1) }))))
      .thenRefuses(refuse('invalid', slideMessages.tooManySlides));
  });

  it('refuses to save a published story as a draft', () => {
    given(draft, published)
      .when(save([{ text: 'x', keep: 0 }]))
      .thenRefuses(refuse('conflict', draftMessages.published));
  });

  it('publishes a draft as the one StoryPublished fact, naming its creator', () => {
    given(draft).when(publishDraft()).thenEvents([published]);
  });

  it('refuses to publish a draft without a pen name, of someone else, or one that breaks the rules', () => {
    given(draft)
      .when(publishDraft({ penNameChosen: false }))
      .thenRefuses(refuse('invalid', creatorMessages.penNameRequired));
    given(draft)
      .when(publishDraft({ creatorKey: otherKey }))
      .thenRefuses(refuse('not_found', draftMessages.notFound));
    given(draftSaved(['Only one slide.']))
      .when(publishDraft())
      .thenRefuses(refuse('invalid', slideMessages.tooFewSlides));
  });

  it('refuses to publish a draft twice, or an unknown one', () => {
    given(draft, published).when(publishDraft()).thenRefuses(refuse('not_found', draftMessages.notFound));
    given().when(publishDraft()).thenRefuses(refuse('not_found', draftMessages.notFound));
  });

  it('a draft keeps the rating it was saved with and publishes it; a new draft without one is Mature', () => {
    const slides: SlideInput[] = [{ text: 'a', image: image(1) }];
    const [fresh] = given().when(create(slides)).events();
    expect(fresh).toMatchObject({ data: { rating: 'mature' } });
    const explicitDraft = {
      ...draft,
      data: { ...(draft.data as object), rating: 'explicit' },
    } as StoryEvent;
    const [saved] = given(explicitDraft).when(save(slides)).events();
    expect(saved).toMatchObject({ type: 'StoryDraftSaved', data: { rating: 'explicit' } });
    const [published] = given(explicitDraft).when(publishDraft()).events();
    expect(published).toMatchObject({ type: 'StoryPublished', data: { rating: 'explicit' } });
  });

  it('deletes a draft of its creator only', () => {
    given(draft)
      .when(command('DeleteDraft', { storyId, creatorKey }, now))
      .thenEvents([{ type: 'StoryDraftDeleted', data: { storyId } }]);
    given(draft)
      .when(command('DeleteDraft', { storyId, creatorKey: otherKey }, now))
      .thenRefuses(refuse('not_found', draftMessages.notFound));
  });
});

describe('scheduling a draft', () => {
  it('schedules a draft for a time in the future', () => {
    given(draft).when(schedule(scheduledAt)).thenEvents([scheduled]);
  });

  it('refuses a time in the past or now, and one beyond a year', () => {
    given(draft)
      .when(schedule('2026-03-10T11:59:00.000Z'))
      .thenRefuses(refuse('invalid', draftMessages.pastSchedule));
    given(draft).when(schedule(now.toISOString())).thenRefuses(refuse('invalid', draftMessages.pastSchedule));
    given(draft)
      .when(schedule('2027-06-10T12:00:00.000Z'))
      .thenRefuses(refuse('invalid', draftMessages.tooFarSchedule));
  });

  it('refuses to schedule what could not be published then: no pen name, too few slides', () => {
    given(draft)
      .when(schedule(scheduledAt, { penNameChosen: false }))
      .thenRefuses(refuse('invalid', creatorMessages.penNameRequired));
    given(draftSaved(['One.']))
      .when(schedule(scheduledAt))
      .thenRefuses(refuse('invalid', slideMessages.tooFewSlides));
  });

  it('unschedules a scheduled draft; an unscheduled one is a conflict', () => {
    const state = given(draft, scheduled)
      .when(command('UnscheduleDraft', { storyId, creatorKey }, now))
      .thenEvents([{ type: 'StoryDraftUnscheduled', data: { storyId } }]);
    expect(state.publishAt).toBeNull();
    expect(state.status).toBe('draft');
    given(draft)
      .when(command('UnscheduleDraft', { storyId, creatorKey }, now))
      .thenRefuses(refuse('conflict', draftMessages.notScheduled));
  });

  it("the scheduler publishes a due draft as its creator's story", () => {
    given(draft, scheduled)
      .when(scheduledPublish(scheduledAt, new Date(scheduledAt)))
      .thenEvents([published]);
  });

  it('the scheduler publishes nothing twice (a second process after the first), early, or after an unschedule', () => {
    given(draft, scheduled, published)
      .when(scheduledPublish(scheduledAt, new Date(scheduledAt)))
      .thenNothing();
    given(draft, scheduled).when(scheduledPublish(scheduledAt, now)).thenNothing();
    given(draft, scheduled, { type: 'StoryDraftUnscheduled', data: { storyId } })
      .when(scheduledPublish(scheduledAt, new Date(scheduledAt)))
      .thenNothing();
  });

  it('a due draft that cannot be published any more (its tag left the list) goes back to a draft', () => {
    given(draft, scheduled)
      .when(
        command(
          'PublishScheduledDraft',
          { storyId, penNameChosen: true, curatedTags: new Set<string>(), publishAt: scheduledAt, assurance },
          new Date(scheduledAt),
        ),
      )
      .thenEvents([{ type: 'StoryDraftUnscheduled', data: { storyId } }]);
  });
});

describe("slides' image descriptions (alt texts)", () => {
  const withAlts: StoryEvent = {
    type: 'StoryPublished',
    data: {
      ...published.data,
      slides: [
        { image: image(1), text: 'Night falls.', alt: 'A harbour at dusk' },
        { image: image(2), text: 'Dawn comes.' },
      ],
    } as Extract<StoryEvent, { type: 'StoryPublished' }>['data'],
  };
  const revisedSlides = (events: StoryEvent[]) =>
    events[0]?.type === 'StoryRevised' ? events[0].data.slides : undefined;

  it('a draft keeps what the creator wrote, and publishes it with the story', () => {
    const saved = given()
      .when(
        create([
          { text: 'Night falls.', image: image(1), alt: ' A harbour at dusk ' },
          { text: 'Dawn comes.', image: image(2), alt: '' },
        ]),
      )
      .events();
    const slides = saved[0]?.type === 'StoryDraftSaved' ? saved[0].data.slides : undefined;
    expect(slides).toEqual([
      { image: image(1), text: 'Night falls.', alt: 'A harbour at dusk' },
      { image: image(2), text: 'Dawn comes.' },
    ]);
    const [event] = given(...saved)
      .when(publishDraft())
      .events();
    expect(event?.type === 'StoryPublished' && event.data.slides).toEqual(slides);
  });

  it('a revision takes the descriptions it sends, and a kept slide keeps its own when none is sent', () => {
    expect(
      revisedSlides(
        given(withAlts)
          .when(
            revise([
              { text: 'Night falls.', keep: 0, alt: 'A harbour under stars' },
              { text: 'Dawn comes.', keep: 1, alt: '' },
            ]),
          )
          .events(),
      ),
    ).toEqual([
      { image: image(1), text: 'Night falls.', alt: 'A harbour under stars' },
      { image: image(2), text: 'Dawn comes.' },
    ]);
    // A client that sends no descriptions at all (before the field existed) loses none.
    expect(
      revisedSlides(
        given(withAlts)
          .when(
            revise([
              { text: 'Night falls.', keep: 0 },
              { text: 'Dawn comes.', keep: 1 },
            ]),
          )
          .events(),
      ),
    ).toEqual([
      { image: image(1), text: 'Night falls.', alt: 'A harbour at dusk' },
      { image: image(2), text: 'Dawn comes.' },
    ]);
    // A slide cleared of its description has none.
    expect(
      revisedSlides(
        given(withAlts)
          .when(
            revise([
              { text: 'Night falls.', keep: 0, alt: '  ' },
              { text: 'Dawn comes.', keep: 1, alt: '' },
            ]),
          )
          .events(),
      )?.[0],
    ).toEqual({ image: image(1), text: 'Night falls.' });
  });

  it('refuses a description over 250 characters, in a draft and in a revision', () => {
    const long = 'x'.repeat(251);
    given()
      .when(create([{ text: 'One.', image: image(1), alt: long }]))
      .thenRefuses(refuse('invalid', altTextMessages.tooLong));
    given(withAlts)
      .when(
        revise([
          { text: 'One.', keep: 0, alt: long },
          { text: 'Two.', keep: 1 },
        ]),
      )
      .thenRefuses(refuse('invalid', altTextMessages.tooLong));
  });
});

describe('revising a published story', () => {
  it('replaces texts, images and labels, saying which slide each new one continues', () => {
    given(published)
      .when(
        revise([
          { text: 'Night, revised.', keep: 0 },
          { text: 'A new dawn.', image: image(7) },
        ]),
      )
      .thenEvents([
        {
          type: 'StoryRevised',
          data: {
            storyId,
            slides: [
              { image: image(1), text: 'Night, revised.' },
              { image: image(7), text: 'A new dawn.' },
            ],
            slideOrigins: [0, null],
            preview,
            tags: ['romance'],
            warnings: [],
            rating: 'mature',
          },
        },
      ]);
  });

  it('a revision that removes a slide keeps the others in their new order', () => {
    const state = given(threeSlides)
      .when(
        revise([
          { text: 'Third first.', keep: 2 },
          { text: 'First.', keep: 0 },
        ]),
      )
      .thenEvents([
        {
          type: 'StoryRevised',
          data: {
            storyId,
            slides: [
              { image: image(3), text: 'Third first.' },
              { image: image(1), text: 'First.' },
            ],
            slideOrigins: [2, 0],
            preview,
            tags: ['romance'],
            warnings: [],
            rating: 'mature',
          },
        },
      ]);
    expect(state.slideCount).toBe(2);
  });

  it("refuses to revise someone else's story, an unknown one, a draft, or into one slide", () => {
    given(published)
      .when(
        revise(
          [
            { text: 'a', keep: 0 },
            { text: 'b', keep: 1 },
          ],
          otherKey,
        ),
      )
      .thenRefuses(refuse('forbidden', draftMessages.notYours));
    given()
      .when(revise([{ text: 'a', image: image(1) }]))
      .thenRefuses(refuse('not_found', storyMessages.notFound));
    given(draft)
      .when(
        revise([
          { text: 'a', keep: 0 },
          { text: 'b', keep: 1 },
        ]),
      )
      .thenRefuses(refuse('not_found', storyMessages.notFound));
    given(published)
      .when(revise([{ text: 'a', keep: 0 }]))
      .thenRefuses(refuse('invalid', slideMessages.tooFewSlides));
  });

  it("keeps the story's rating when the form sends none, and takes the one it sends", () => {
    const slides: SlideInput[] = [
      { text: 'a', keep: 0 },
      { text: 'b', keep: 1 },
    ];
    const rerated = {
      type: 'StoryRatingChanged',
      data: { storyId, rating: 'explicit', reason: 'r' },
    } as const;
    const [kept] = given(published, rerated).when(revise(slides)).events();
    expect(kept).toMatchObject({ type: 'StoryRevised', data: { rating: 'explicit' } });
    const [chosen] = given(published)
      .when(command('ReviseStory', { ...content(slides), rating: 'general' as const, assurance }, now))
      .events();
    expect(chosen).toMatchObject({ type: 'StoryRevised', data: { rating: 'general' } });
  });

  it('a story published before creators were named in the event is revised by the member its actor names', () => {
    const { creatorKey: _, ...legacyData } = published.data as Extract<
      StoryEvent,
      { type: 'StoryPublished' }
    >['data'];
    const legacy = {
      type: 'StoryPublished' as const,
      data: legacyData,
      metadata: { actor: { kind: 'user' as const, userKey: creatorKey } },
    } as unknown as StoryEvent;
    expect(given(legacy).state.creatorKey).toBe(creatorKey);
  });
});

describe('unpublishing', () => {
  it('the creator unpublishes their story; it is gone for good', () => {
    const state = given(published)
      .when(command('UnpublishStory', { storyId, creatorKey }, now))
      .thenEvents([{ type: 'StoryUnpublished', data: { storyId } }]);
    expect(state.status).toBe('deleted');
    given(published, { type: 'StoryUnpublished', data: { storyId } })
      .when(command('UnpublishStory', { storyId, creatorKey }, now))
      .thenRefuses(refuse('not_found', storyMessages.notFound));
  });

  it("refuses to unpublish someone else's story, and the admin's", () => {
    given(published)
      .when(command('UnpublishStory', { storyId, creatorKey: otherKey }, now))
      .thenRefuses(refuse('forbidden', draftMessages.notYours));
    const { creatorKey: _, ...adminData } = published.data as Extract<
      StoryEvent,
      { type: 'StoryPublished' }
    >['data'];
    given({ type: 'StoryPublished', data: adminData })
      .when(command('UnpublishStory', { storyId, creatorKey }, now))
      .thenRefuses(refuse('forbidden', draftMessages.notYours));
  });
});
