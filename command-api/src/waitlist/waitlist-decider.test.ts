import { describe, it } from 'vitest';
import { command } from '../shared/decider';
import { deciderSpec } from '../shared/testing/decider-spec';
import { type WaitlistEvent, waitlistDecider } from './waitlist-decider';

const given = deciderSpec(waitlistDecider);
const now = new Date('2025-01-10T12:00:00.000Z');
const join = command('JoinWaitlist', { sealedEmail: 'pii:v1:sealed', feedback: 'more please' }, now);
const joined: WaitlistEvent = {
  type: 'WaitlistJoined',
  data: { email: 'pii:v1:sealed', feedback: 'more please' },
};

describe('the waiting list', () => {
  it('given no entry, when the address joins, then it is on the list with its feedback', () => {
    given().when(join).thenEvents([joined]);
  });

  it('given the address on the list, when it joins again, then nothing more is stored', () => {
    given(joined).when(join).thenEvents([]);
  });
});
