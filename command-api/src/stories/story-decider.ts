import type { ImageRef } from '@nocturne/events';
import {
  evolveStory,
  initialStoryState,
  type StoryEvent,
  type StoryState,
  storyMessages,
} from '@nocturne/events/domain';
import { HttpError } from '@nocturne/events/http';
import type { Decider } from '../shared/decider';
import { checkSlides } from './slide-rules';

export type StoryCommand =
  | {
      type: 'PublishStory';
      storyId: string;
      slides: { image: ImageRef; text: string }[];
      preview: ImageRef;
      isPremium: boolean;
    }
  | { type: 'DeleteStory'; storyId: string };

export function decideStory(command: StoryCommand, state: StoryState): StoryEvent[] {
  switch (command.type) {
    case 'PublishStory': {
      if (state.status !== 'none') throw new HttpError(409, storyMessages.exists);
      checkSlides(
        command.slides.map((s) => s.text),
        command.slides.length,
      );
      return [
        {
          type: 'StoryPublished',
          data: {
            storyId: command.storyId,
            slides: command.slides.map((s) => ({ image: s.image, text: s.text.trim() })),
            preview: command.preview,
            isPremium: command.isPremium,
          },
        },
      ];
    }
    case 'DeleteStory':
      if (state.status !== 'published') throw new HttpError(404, storyMessages.notFound);
      return [{ type: 'StoryDeleted', data: { storyId: command.storyId } }];
  }
}

export const storyDecider: Decider<StoryCommand, StoryState, StoryEvent> = {
  initialState: initialStoryState,
  evolve: evolveStory,
  decide: decideStory,
};
