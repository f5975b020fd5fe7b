import {
  accountMessages,
  DEFAULT_READING_SETTINGS,
  evolveUser,
  initialUserState,
  type ReadingSettings,
  type ReadingSettingsChange,
  refuse,
  type UserEvent,
  type UserState,
  withReadingSettingsChange,
} from '@nocturne/domain';
import type { RecordedEvent } from '@nocturne/events';
import type { Command, Decider, Decision } from '../shared/decider';

export type ChooseReadingSettings = Command<'ChooseReadingSettings', ReadingSettingsChange>;

/** The member's account and the reading settings they chose last (null before the first choice). */
export interface ReadingSettingsState {
  user: UserState;
  settings: ReadingSettings | null;
}

export const initialReadingSettingsState = (): ReadingSettingsState => ({
  user: initialUserState(),
  settings: null,
});

export function evolveReadingSettings(
  state: ReadingSettingsState,
  event: UserEvent | RecordedEvent<UserEvent>,
): ReadingSettingsState {
  const user = evolveUser(state.user, event);
  if (event.type === 'ReadingSettingsChosen') return { user, settings: event.data };
  // A new account on the stream starts from the product's look, as a deleted one leaves it.
  if (event.type === 'UserRegistered' || event.type === 'UserDeleted') return { user, settings: null };
  return { ...state, user };
}

const sameSettings = (a: ReadingSettings, b: ReadingSettings) =>
  (Object.keys(a) as (keyof ReadingSettings)[]).every((key) => a[key] === b[key]);

/**
 * A live account changes some of how it reads. The change is laid over the settings recorded last,
 * field by field, so changes made one after the other (or at once on two devices) each keep what
 * the others chose; the event records the whole result. A change to what is already recorded
 * (a second device sending what the first did) records nothing.
 */
export function decideReadingSettings(
  command: ChooseReadingSettings,
  state: ReadingSettingsState,
): Decision<UserEvent> {
  if (state.user.status !== 'registered') return refuse('unauthenticated', accountMessages.notAuthenticated);
  const settings = withReadingSettingsChange(state.settings ?? DEFAULT_READING_SETTINGS, command.data);
  if (state.settings && sameSettings(state.settings, settings)) return [];
  return [{ type: 'ReadingSettingsChosen', data: settings }];
}

export const readingSettingsDecider: Decider<ChooseReadingSettings, ReadingSettingsState, UserEvent> = {
  initialState: initialReadingSettingsState,
  evolve: evolveReadingSettings,
  decide: decideReadingSettings,
};
