import { streams } from '@nocturne/events';
import { aggregateStream, type EventStore } from '@nocturne/events/store';
import { evolveStaff, initialStaffState, type StaffState } from './staff-decider';

/** The current state of `staff-{staffId}` (initial state for a stream that does not exist). */
export async function loadStaffState(store: EventStore, staffId: string): Promise<StaffState> {
  return (await aggregateStream(store, streams.staff(staffId), evolveStaff, initialStaffState)).state;
}
