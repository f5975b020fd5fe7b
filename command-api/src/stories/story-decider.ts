import { type EventOf, HttpError, type ImageRef, type RecordedEvent } from '@nocturne/events';
import type { Decider } from '../shared/decider';
import { checkSlides } from './slide-rules';

export type StoryEvent = EventOf<'StoryPublished' | 'StoryDeleted'>;

export type StoryCommand =
  | {
      type: 'PublishStory';
      storyId: string;
      slides: { image: ImageRef; text: string }[];
      preview: ImageRef;
      isPremium: boolean;
    }
  | { type: 'DeleteStory'; storyId: string };

/** The state of one `story-{id}` stream. */
export interface StoryState {
  status: 'none' | 'published' | 'deleted';
  isPremium: boolean;
}

export const initialStoryState = (): StoryState => ({ status: 'none', isPremium: false });

export function evolveStory(state: StoryState, event: StoryEvent | RecordedEvent<StoryEvent>): StoryState {
  switch (event.type) {
    case 'StoryPublished':
      return { status: 'published', isPremium: event.data.isPremium };
    case 'StoryDeleted':
      return { ...state, status: 'deleted' };
  }
}

export function decideStory(command: StoryCommand, state: StoryState): StoryEvent[] {
  switch (command.type) {
    case 'PublishStory': {
      if (state.status !== 'none') throw new HttpError(409, 'This story exists already.');
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
      if (state.status !== 'published') throw new HttpError(404, 'Story not found');
      return [{ type: 'StoryDeleted', data: { storyId: command.storyId } }];
  }
}

export const storyDecider: Decider<StoryCommand, StoryState, StoryEvent> = {
  initialState: initialStoryState,
  evolve: evolveStory,
  decide: decideStory,
};
