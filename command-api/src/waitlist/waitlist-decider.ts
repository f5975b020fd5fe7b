import type { EventOf } from '@nocturne/events';
import type { Command, Decider } from '../shared/decider';

/** The address comes sealed for the entry (the vault's), never in the clear. */
export type JoinWaitlist = Command<'JoinWaitlist', { sealedEmail: string; feedback: string }>;
export type WaitlistEvent = EventOf<'WaitlistJoined'>;

/**
 * A waiting-list entry (`waitlist-{key}`, the key claimed for the address): joined once. Joining
 * again decides nothing, so the route answers a repeat like the first join and the visitor
 * learns nothing of who else is on the list.
 */
export const waitlistDecider: Decider<JoinWaitlist, { joined: boolean }, WaitlistEvent> = {
  initialState: () => ({ joined: false }),
  evolve: () => ({ joined: true }),
  decide(command, state) {
    if (state.joined) return [];
    const { sealedEmail, feedback } = command.data;
    return [{ type: 'WaitlistJoined', data: { email: sealedEmail, feedback } }];
  },
};
