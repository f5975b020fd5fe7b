import { decodeEvent, type RecordedEvent, streams } from '@nocturne/events';
import { evolveUser, initialUserState, type UserEvent, type UserState } from '@nocturne/events/domain';
import type { EventStore } from '@nocturne/events/store';

/** The current state of `user-{userKey}` (initial state for a stream that does not exist). */
export async function loadUserState(store: EventStore, userKey: string): Promise<UserState> {
  const stored = await store.readStream(streams.user(userKey));
  return stored.reduce(
    (state, e) => evolveUser(state, decodeEvent(e) as RecordedEvent<UserEvent>),
    initialUserState(),
  );
}
