import { refuse, storyMessages } from '@nocturne/domain';
import type { EventOf, RecordedEvent } from '@nocturne/events';
import type { Command, Decider, Decision } from '../shared/decider';

export type ReadingEvent = EventOf<
  'ReadingProgressRecorded' | 'StoryFinished' | 'StorySaved' | 'StoryUnsaved'
>;

/** One account's relation to one story, folded from its reading stream (account-reading.ts). */
export interface ReadingState {
  /** The slide last recorded (0-based), or null before any. */
  slide: number | null;
  /** The page that sent the slide recorded, and its how-many-th place that was (PlaceOrder). */
  placeOrder: PlaceOrder | null;
  finished: boolean;
  saved: boolean;
}

export const initialReadingState = (): ReadingState => ({
  slide: null,
  placeOrder: null,
  finished: false,
  saved: false,
});

/**
 * Where a place stands among those one open page sent: `writer` names the page (made when it
 * opened the story), `write` counts its places from 1. A page sends one place at a time, except
 * the one sent as it goes away, which cannot wait for the answer to the one before; the two can
 * reach the server in either order, and the older must not be recorded over the newer.
 */
export interface PlaceOrder {
  writer: string;
  write: number;
}

/**
 * May this reader read the story, worked out by the route from the story stream and the user
 * stream (readerAccess): a story that is not live is unknown; a premium story the reader has not
 * unlocked (or whose premium was revoked) is refused as opening it would be.
 */
export type StoryAccess = 'readable' | 'not_found' | 'premium_required';

type OfStory<Extra = unknown> = { storyId: string; access: StoryAccess } & Extra;
/** `slideCount`: how many slides the story has now, so that a place past its last is refused. */
export type RecordProgress = Command<
  'RecordProgress',
  OfStory<{ slide: number; slideCount: number; order?: PlaceOrder }>
>;
export type FinishStory = Command<'FinishStory', OfStory>;
export type SaveStory = Command<'SaveStory', OfStory>;
export type UnsaveStory = Command<'UnsaveStory', { storyId: string }>;
export type ReadingCommand = RecordProgress | FinishStory | SaveStory | UnsaveStory;

export const readingMessages = {
  noSuchSlide: (slideCount: number) =>
    `This story has no such slide: its slides count from 0 to ${slideCount - 1}.`,
} as const;

function refusalOf(access: StoryAccess) {
  if (access === 'not_found') return refuse('not_found', storyMessages.notFound);
  if (access === 'premium_required') return refuse('payment_required', storyMessages.premiumRequired);
  return null;
}

/**
 * Idempotent by design: the reader's browser repeats itself (a debounced write, a write on
 * leaving, a second tab), so a command that would change nothing appends nothing. Unsaving asks
 * nothing of the story: a reader may always drop a bookmark, even of a story gone premium.
 */
export function decideReading(command: ReadingCommand, state: ReadingState): Decision<ReadingEvent> {
  if (command.type === 'UnsaveStory') {
    return state.saved ? [{ type: 'StoryUnsaved', data: { storyId: command.data.storyId } }] : [];
  }
  // Any live story may be kept for later, a premium one not opened yet too ("Marked for Later");
  // progress and The End only in a story the reader may read.
  const refusal =
    command.type === 'SaveStory' && command.data.access !== 'not_found'
      ? null
      : refusalOf(command.data.access);
  if (refusal) return refusal;
  const { storyId } = command.data;
  switch (command.type) {
    case 'RecordProgress':
      // A place past the story's last slide would sit on the Continue shelf at a slide that
      // does not exist.
      if (command.data.slide >= command.data.slideCount) {
        return refuse('invalid', readingMessages.noSuchSlide(command.data.slideCount));
      }
      return recordPlace(state, storyId, command.data.slide, command.data.order);
    case 'FinishStory':
      return state.finished ? [] : [{ type: 'StoryFinished', data: { storyId } }];
    case 'SaveStory':
      return state.saved ? [] : [{ type: 'StorySaved', data: { storyId } }];
  }
}

/**
 * A place without its order is recorded unless it is the one stored. A page's place is recorded
 * unless that page already had this one or a later one recorded, even when its slide is the one
 * stored: it is newer than anything of the page's still on its way (a place sent as the reader
 * went back to the stored slide, before an earlier one arrived), and that one must then be known
 * to be older.
 */
function recordPlace(
  state: ReadingState,
  storyId: string,
  slide: number,
  order: PlaceOrder | undefined,
): Decision<ReadingEvent> {
  const recorded: ReadingEvent = { type: 'ReadingProgressRecorded', data: { storyId, slide, ...order } };
  if (order === undefined) return state.slide === slide ? [] : [recorded];
  const last = state.placeOrder;
  return last?.writer === order.writer && order.write <= last.write ? [] : [recorded];
}

export function evolveReading(
  state: ReadingState,
  event: ReadingEvent | RecordedEvent<ReadingEvent>,
): ReadingState {
  switch (event.type) {
    case 'ReadingProgressRecorded': {
      const { slide, writer, write } = event.data;
      return {
        ...state,
        slide,
        placeOrder: writer !== undefined && write !== undefined ? { writer, write } : null,
      };
    }
    case 'StoryFinished':
      return { ...state, finished: true };
    case 'StorySaved':
      return { ...state, saved: true };
    case 'StoryUnsaved':
      return { ...state, saved: false };
  }
}

export const readingDecider: Decider<ReadingCommand, ReadingState, ReadingEvent> = {
  initialState: initialReadingState,
  evolve: evolveReading,
  decide: decideReading,
};
