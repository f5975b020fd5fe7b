import { evolveUser, initialUserState, type UserState } from '@nocturne/domain';
import { streams } from '@nocturne/events';
import { aggregateStream, type EventStore } from '@nocturne/events/store';

/** The current state of `user-{userKey}` (initial state for a stream that does not exist). */
export async function loadUserState(store: EventStore, userKey: string): Promise<UserState> {
  return (await aggregateStream(store, streams.user(userKey), evolveUser, initialUserState)).state;
}
