import {
  type ContentWarningId,
  evolveStory,
  initialStoryState,
  isLive,
  labelsProblem,
  refuse,
  type StoryEvent,
  type StoryState,
  slidesProblem,
  storyMessages,
} from '@nocturne/domain';
import type { ImageRef } from '@nocturne/events';
import type { Command, Decider, Decision } from '../shared/decider';

export type PublishStory = Command<
  'PublishStory',
  {
    storyId: string;
    slides: { image: ImageRef; text: string }[];
    preview: ImageRef;
    isPremium: boolean;
    tags: string[];
    warnings: ContentWarningId[];
    /** The tag catalogue as the handler read it (tag-catalogue-decider.ts), so deciding stays pure. */
    curatedTags: ReadonlySet<string>;
  }
>;
/** An admin replaces a published story's tags and warnings. */
export type ChangeStoryLabels = Command<
  'ChangeStoryLabels',
  { storyId: string; tags: string[]; warnings: ContentWarningId[]; curatedTags: ReadonlySet<string> }
>;
export type DeleteStory = Command<'DeleteStory', { storyId: string }>;
export type StoryCommand = PublishStory | ChangeStoryLabels | DeleteStory;

export function decideStory(command: StoryCommand, state: StoryState): Decision<StoryEvent> {
  switch (command.type) {
    case 'PublishStory': {
      const { data } = command;
      if (state.status !== 'none') return refuse('conflict', storyMessages.exists);
      const problem = slidesProblem(
        data.slides.map((s) => s.text),
        data.slides.length,
      );
      if (problem) return refuse('invalid', problem);
      const labels = labelsProblem(data, data.curatedTags);
      if (labels) return refuse('invalid', labels);
      return [
        {
          type: 'StoryPublished',
          data: {
            storyId: data.storyId,
            slides: data.slides.map((s) => ({ image: s.image, text: s.text.trim() })),
            preview: data.preview,
            isPremium: data.isPremium,
            tags: data.tags,
            warnings: data.warnings,
          },
        },
      ];
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
    case 'DeleteStory':
      if (!isLive(state)) return refuse('not_found', storyMessages.notFound);
      return [{ type: 'StoryDeleted', data: { storyId: command.data.storyId } }];
  }
}

export const storyDecider: Decider<StoryCommand, StoryState, StoryEvent> = {
  initialState: initialStoryState,
  evolve: evolveStory,
  decide: decideStory,
};
