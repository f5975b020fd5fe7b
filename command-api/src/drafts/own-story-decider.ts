import {
  altTextsProblem,
  type ContentWarningId,
  type CreatorAssurance,
  creatorAssuranceProblem,
  DEFAULT_STORY_RATING,
  type DraftContent,
  draftMessages,
  draftSlidesProblem,
  evolveStory,
  initialStoryState,
  isPublished,
  labelsProblem,
  MAX_SCHEDULE_DAYS,
  refuse,
  type StoryEvent,
  type StoryRatingId,
  type StorySlide,
  type StoryState,
  slidesProblem,
  storyMessages,
  writtenAlt,
} from '@nocturne/domain';
import type { ImageRef } from '@nocturne/events';
import type { Command, Decider, Decision } from '../shared/decider';
import { publication } from '../stories/story-decider';

/** A slide as the creator sends it: a new image, or the image of slide `keep` (0-based) as it is now. */
/**
 * A slide as sent: its text, a new image or the current slide whose image it keeps, and its alt
 * text ('' clears it; undefined, when the client sent none at all, keeps a kept slide's).
 */
export type SlideInput = ({ text: string; image: ImageRef } | { text: string; keep: number }) & {
  alt?: string;
};

/** What the creator sends for a draft or a revision: the slides, and the labels the form holds. */
interface ContentInput {
  storyId: string;
  creatorKey: string;
  slides: SlideInput[];
  /** The preview of the first slide's image (the handler makes it from the bytes or the file). */
  preview: ImageRef;
  tags: string[];
  warnings: ContentWarningId[];
  /** The rating sent, or null when the form sent none: the draft's or story's own stays. */
  rating: StoryRatingId | null;
  curatedTags: ReadonlySet<string>;
}

/**
 * The creator's pen name (creator stream) and age assurance (user stream) are read by the
 * handler, so deciding stays pure.
 */
interface Publisher {
  storyId: string;
  creatorKey: string;
  penNameChosen: boolean;
  curatedTags: ReadonlySet<string>;
  assurance: CreatorAssurance;
}

/** A new draft, at the id the server chose (a retried create is an edit of the same draft). */
export type CreateDraft = Command<'CreateDraft', ContentInput & { isPremium: boolean }>;
/** An edit of a draft that exists and is the member's own. */
export type SaveDraft = Command<'SaveDraft', ContentInput & { isPremium: boolean }>;
export type PublishDraft = Command<'PublishDraft', Publisher>;
export type ScheduleDraft = Command<'ScheduleDraft', Publisher & { publishAt: Date }>;
export type UnscheduleDraft = Command<'UnscheduleDraft', { storyId: string; creatorKey: string }>;
export type DeleteDraft = Command<'DeleteDraft', { storyId: string; creatorKey: string }>;
/**
 * The scheduler's publish of a draft it read as due at `publishAt`: done once whichever process
 * asks first; nothing when the draft was published, withdrawn or rescheduled meanwhile.
 */
export type PublishScheduledDraft = Command<
  'PublishScheduledDraft',
  Omit<Publisher, 'creatorKey'> & { publishAt: string }
>;
/** A revision uploads content anew: an Explicit result asks for the creator's assurance as a publish does. */
export type ReviseStory = Command<'ReviseStory', ContentInput & { assurance: CreatorAssurance }>;
export type UnpublishStory = Command<'UnpublishStory', { storyId: string; creatorKey: string }>;

export type OwnStoryCommand =
  | CreateDraft
  | SaveDraft
  | PublishDraft
  | ScheduleDraft
  | UnscheduleDraft
  | DeleteDraft
  | PublishScheduledDraft
  | ReviseStory
  | UnpublishStory;

/** The slides with each kept image taken from `current`, or why a kept slide does not exist. */
function resolveSlides(
  slides: readonly SlideInput[],
  current: readonly StorySlide[],
): { slides: StorySlide[]; origins: (number | null)[] } | string {
  const resolved: StorySlide[] = [];
  const origins: (number | null)[] = [];
  for (const slide of slides) {
    if ('image' in slide) {
      resolved.push({ image: slide.image, text: slide.text.trim(), ...writtenAlt(slide.alt) });
      origins.push(null);
      continue;
    }
    const kept = current[slide.keep];
    if (!kept) return `Slide ${slide.keep + 1} does not exist: upload an image for it.`;
    resolved.push({ image: kept.image, text: slide.text.trim(), ...writtenAlt(slide.alt ?? kept.alt) });
    origins.push(slide.keep);
  }
  return { slides: resolved, origins };
}

/** A draft of this creator's, or the refusal: another's draft is "not found", as it is to everyone. */
function ownDraft(state: StoryState, creatorKey: string): DraftContent | 'refused' {
  if (state.status !== 'draft' || state.creatorKey !== creatorKey || !state.draft) return 'refused';
  return state.draft;
}

export function decideOwnStory(command: OwnStoryCommand, state: StoryState): Decision<StoryEvent> {
  const { storyId } = command.data;
  switch (command.type) {
    case 'CreateDraft':
    case 'SaveDraft': {
      const { data } = command;
      if (command.type === 'SaveDraft' && state.status === 'none') {
        return refuse('not_found', draftMessages.notFound);
      }
      if (state.status === 'published') {
        return state.creatorKey === data.creatorKey
          ? refuse('conflict', draftMessages.published)
          : refuse('forbidden', draftMessages.notYours);
      }
      if (state.status !== 'none' && ownDraft(state, data.creatorKey) === 'refused') {
        return refuse('not_found', draftMessages.notFound);
      }
      const resolved = resolveSlides(data.slides, state.draft?.slides ?? []);
      if (typeof resolved === 'string') return refuse('invalid', resolved);
      const problem = draftSlidesProblem(
        resolved.slides.map((s) => s.text),
        resolved.slides.length,
      );
      if (problem) return refuse('invalid', problem);
      const alts = altTextsProblem(data.slides.map((s) => s.alt ?? ''));
      if (alts) return refuse('invalid', alts);
      // A tag removed from the list since stays allowed on the draft that carries it.
      const labels = labelsProblem(data, new Set([...data.curatedTags, ...(state.draft?.tags ?? [])]));
      if (labels) return refuse('invalid', labels);
      return [
        {
          type: 'StoryDraftSaved',
          data: {
            storyId,
            creatorKey: data.creatorKey,
            slides: resolved.slides,
            preview: data.preview,
            isPremium: data.isPremium,
            tags: data.tags,
            warnings: data.warnings,
            rating: data.rating ?? state.draft?.rating ?? DEFAULT_STORY_RATING,
          },
        },
      ];
    }
    case 'PublishDraft': {
      const draft = ownDraft(state, command.data.creatorKey);
      if (draft === 'refused') return refuse('not_found', draftMessages.notFound);
      return publication(storyId, draft, command.data, command.metadata.now);
    }
    case 'ScheduleDraft': {
      const { data, metadata } = command;
      const draft = ownDraft(state, data.creatorKey);
      if (draft === 'refused') return refuse('not_found', draftMessages.notFound);
      if (data.publishAt.getTime() <= metadata.now.getTime()) {
        return refuse('invalid', draftMessages.pastSchedule);
      }
      if (data.publishAt.getTime() > metadata.now.getTime() + MAX_SCHEDULE_DAYS * 86_400_000) {
        return refuse('invalid', draftMessages.tooFarSchedule);
      }
      // What could not be published then is refused now, while the creator is there to fix it.
      const publishable = publication(storyId, draft, data, metadata.now);
      if (!Array.isArray(publishable)) return publishable;
      return [{ type: 'StoryDraftScheduled', data: { storyId, publishAt: data.publishAt.toISOString() } }];
    }
    case 'UnscheduleDraft': {
      if (ownDraft(state, command.data.creatorKey) === 'refused') {
        return refuse('not_found', draftMessages.notFound);
      }
      if (state.publishAt === null) return refuse('conflict', draftMessages.notScheduled);
      return [{ type: 'StoryDraftUnscheduled', data: { storyId } }];
    }
    case 'DeleteDraft':
      if (ownDraft(state, command.data.creatorKey) === 'refused') {
        return refuse('not_found', draftMessages.notFound);
      }
      return [{ type: 'StoryDraftDeleted', data: { storyId } }];
    case 'PublishScheduledDraft': {
      const { data, metadata } = command;
      if (state.status !== 'draft' || !state.draft || state.publishAt !== data.publishAt) return [];
      if (Date.parse(data.publishAt) > metadata.now.getTime()) return [];
      const published = publication(
        storyId,
        state.draft,
        { ...data, creatorKey: state.creatorKey },
        metadata.now,
      );
      // A draft that cannot be published any more (a tag left the list, the creator's age
      // assurance expired) goes back to its creator.
      if (!Array.isArray(published)) return [{ type: 'StoryDraftUnscheduled', data: { storyId } }];
      return published;
    }
    case 'ReviseStory': {
      const { data } = command;
      if (!isPublished(state)) return refuse('not_found', storyMessages.notFound);
      if (state.creatorKey !== data.creatorKey) return refuse('forbidden', draftMessages.notYours);
      const resolved = resolveSlides(data.slides, state.slides);
      if (typeof resolved === 'string') return refuse('invalid', resolved);
      const problem = slidesProblem(
        resolved.slides.map((s) => s.text),
        resolved.slides.length,
      );
      if (problem) return refuse('invalid', problem);
      const alts = altTextsProblem(data.slides.map((s) => s.alt ?? ''));
      if (alts) return refuse('invalid', alts);
      const labels = labelsProblem(data, new Set([...data.curatedTags, ...state.tags]));
      if (labels) return refuse('invalid', labels);
      const unassured = creatorAssuranceProblem(
        data.rating ?? state.rating,
        data.assurance,
        command.metadata.now,
      );
      if (unassured) return refuse('forbidden', unassured);
      return [
        {
          type: 'StoryRevised',
          data: {
            storyId,
            slides: resolved.slides,
            slideOrigins: resolved.origins,
            preview: data.preview,
            tags: data.tags,
            warnings: data.warnings,
            rating: data.rating ?? state.rating,
          },
        },
      ];
    }
    case 'UnpublishStory':
      if (!isPublished(state)) return refuse('not_found', storyMessages.notFound);
      if (state.creatorKey !== command.data.creatorKey) return refuse('forbidden', draftMessages.notYours);
      return [{ type: 'StoryUnpublished', data: { storyId } }];
  }
}

export const ownStoryDecider: Decider<OwnStoryCommand, StoryState, StoryEvent> = {
  initialState: initialStoryState,
  evolve: evolveStory,
  decide: decideOwnStory,
};
