import type { EventOf, RecordedEvent } from '@nocturne/events';
import type { Command, Decider, Decision } from '../shared/decider';

export type InboxEvent = EventOf<'NotificationsSeen'>;

/** One `inbox-{userKey}` stream: how far the reader has read their notifications. */
export interface InboxState {
  through: number;
}

/** `through`: the position of the newest notification the reader saw. */
export type SeeNotifications = Command<'SeeNotifications', { userKey: string; through: number }>;

export const initialInboxState = (): InboxState => ({ through: 0 });

export function evolveInbox(state: InboxState, event: InboxEvent | RecordedEvent<InboxEvent>): InboxState {
  return { through: Math.max(state.through, event.data.through) };
}

/** Only forward: a list opened on an older page never marks newer notifications unread again. */
export function decideInbox(command: SeeNotifications, state: InboxState): Decision<InboxEvent> {
  const { userKey, through } = command.data;
  if (through <= state.through) return [];
  return [{ type: 'NotificationsSeen', data: { userKey, through } }];
}

export const inboxDecider: Decider<SeeNotifications, InboxState, InboxEvent> = {
  initialState: initialInboxState,
  evolve: evolveInbox,
  decide: decideInbox,
};
