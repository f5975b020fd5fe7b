import {
  altTextsProblem,
  type ContentWarningId,
  type CreatorAssurance,
  creatorAssuranceProblem,
  creatorMessages,
  type DraftContent,
  evolveStory,
  initialStoryState,
  isLive,
  isPublished,
  labelsProblem,
  ratingMessages,
  refuse,
  reportMessages,
  type StoryEvent,
  type StoryRatingId,
  type StoryState,
  slidesProblem,
  storyMessages,
  writtenAlt,
} from '@nocturne/domain';
import type { ImageRef } from '@nocturne/events';
import type { Command, Decider, Decision } from '../shared/decider';

export type PublishStory = Command<
  'PublishStory',
  {
    storyId: string;
    /** `alt`: what the image shows, as the creator wrote it (none: readers hear the text's first sentence). */
    slides: { image: ImageRef; text: string; alt?: string }[];
    preview: ImageRef;
    isPremium: boolean;
    tags: string[];
    warnings: ContentWarningId[];
    rating: StoryRatingId;
    /** The tag catalogue as the handler read it (tag-catalogue-decider.ts), so deciding stays pure. */
    curatedTags: ReadonlySet<string>;
    /** The member publishing (null: the admin or an invite holder, shown under the product's name). */
    creatorKey: string | null;
    /** The member has a pen name (chosen before, or with this story). */
    penNameChosen: boolean;
    /** Whether an Explicit story needs the creator assured, and until when they are (their user stream). */
    assurance: CreatorAssurance;
  }
>;
/** An admin replaces a published story's tags and warnings. */
export type ChangeStoryLabels = Command<
  'ChangeStoryLabels',
  { storyId: string; tags: string[]; warnings: ContentWarningId[]; curatedTags: ReadonlySet<string> }
>;
/** A moderator changes a published story's rating, with the reason already checked. */
export type ChangeStoryRating = Command<
  'ChangeStoryRating',
  { storyId: string; rating: StoryRatingId; reason: string }
>;
export type DeleteStory = Command<'DeleteStory', { storyId: string }>;
/** A moderator hides a story, or restores a hidden one, with the reason already checked. */
export type HideStory = Command<'HideStory', { storyId: string; reason: string }>;
export type RestoreStory = Command<'RestoreStory', { storyId: string; reason: string }>;
export type StoryCommand =
  | PublishStory
  | ChangeStoryLabels
  | ChangeStoryRating
  | DeleteStory
  | HideStory
  | RestoreStory;

export function decideStory(command: StoryCommand, state: StoryState): Decision<StoryEvent> {
  switch (command.type) {
    case 'PublishStory': {
      const { data } = command;
      if (state.status !== 'none') return refuse('conflict', storyMessages.exists);
      return publication(data.storyId, data, data, command.metadata.now);
    }
    case 'ChangeStoryLabels': {
      const { storyId, tags, warnings, curatedTags } = command.data;
      if (!isLive(state)) return refuse('not_found', storyMessages.notFound);
      // A tag removed from the list since stays allowed on the stories that carry it.
      const allowed = new Set([...curatedTags, ...state.tags]);
      const problem = labelsProblem({ tags, warnings }, allowed);
      if (problem) return refuse('invalid', problem);
      return [{ type: 'StoryLabelsChanged', data: { storyId, tags, warnings } }];
    }
    case 'ChangeStoryRating': {
      // A hidden story may be re-rated too: it comes back with the rating it should have.
      if (!isPublished(state)) return refuse('not_found', storyMessages.notFound);
      if (state.rating === command.data.rating) return refuse('conflict', ratingMessages.sameRating);
      return [{ type: 'StoryRatingChanged', data: command.data }];
    }
    case 'DeleteStory':
      // A hidden story may be deleted too (a moderator's decision after the hide).
      if (!isPublished(state)) return refuse('not_found', storyMessages.notFound);
      return [{ type: 'StoryDeleted', data: { storyId: command.data.storyId } }];
    case 'HideStory':
      if (!isPublished(state)) return refuse('not_found', storyMessages.notFound);
      if (state.hidden) return refuse('conflict', reportMessages.alreadyHidden);
      return [{ type: 'StoryHidden', data: command.data }];
    case 'RestoreStory':
      if (!isPublished(state)) return refuse('not_found', storyMessages.notFound);
      if (!state.hidden) return refuse('conflict', reportMessages.notHidden);
      return [{ type: 'StoryRestored', data: command.data }];
  }
}

/**
 * The StoryPublished of this content, or why it cannot be published: a story published directly,
 * from a draft or by the scheduler is the same one fact. A member needs a pen name first, and an
 * Explicit story a creator whose age is assured at `now`.
 */
export function publication(
  storyId: string,
  content: DraftContent,
  by: {
    creatorKey: string | null;
    penNameChosen: boolean;
    curatedTags: ReadonlySet<string>;
    assurance: CreatorAssurance;
  },
  now: Date,
): Decision<StoryEvent> {
  if (by.creatorKey !== null && !by.penNameChosen) return refuse('invalid', creatorMessages.penNameRequired);
  const unassured = creatorAssuranceProblem(content.rating, by.assurance, now);
  if (unassured) return refuse('forbidden', unassured);
  const problem = slidesProblem(
    content.slides.map((s) => s.text),
    content.slides.length,
  );
  if (problem) return refuse('invalid', problem);
  const alts = altTextsProblem(content.slides.map((s) => s.alt ?? ''));
  if (alts) return refuse('invalid', alts);
  const labels = labelsProblem(content, by.curatedTags);
  if (labels) return refuse('invalid', labels);
  return [
    {
      type: 'StoryPublished',
      data: {
        storyId,
        slides: content.slides.map((s) => ({ image: s.image, text: s.text.trim(), ...writtenAlt(s.alt) })),
        preview: content.preview,
        isPremium: content.isPremium,
        tags: [...content.tags],
        warnings: [...content.warnings],
        rating: content.rating,
        ...(by.creatorKey === null ? {} : { creatorKey: by.creatorKey }),
      },
    },
  ];
}

export const storyDecider: Decider<StoryCommand, StoryState, StoryEvent> = {
  initialState: initialStoryState,
  evolve: evolveStory,
  decide: decideStory,
};
