import {
  accountMessages,
  type ContentWarningId,
  evolveUser,
  initialUserState,
  refuse,
  type UserEvent,
  type UserState,
} from '@nocturne/domain';
import type { Command, Decider, Decision } from '../shared/decider';

export type ChooseHiddenWarnings = Command<'ChooseHiddenWarnings', { warnings: ContentWarningId[] }>;

/** A live account chooses which warnings its lists hide; the choice replaces the earlier one. */
export function decideHiddenWarnings(command: ChooseHiddenWarnings, state: UserState): Decision<UserEvent> {
  if (state.status !== 'registered') return refuse('unauthenticated', accountMessages.notAuthenticated);
  return [{ type: 'HiddenWarningsChosen', data: { warnings: command.data.warnings } }];
}

export const hiddenWarningsDecider: Decider<ChooseHiddenWarnings, UserState, UserEvent> = {
  initialState: initialUserState,
  evolve: evolveUser,
  decide: decideHiddenWarnings,
};
