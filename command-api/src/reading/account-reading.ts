import { streams } from '@nocturne/events';
import { aggregateStream, type EventStore } from '@nocturne/events/store';
import type { Decider } from '../shared/decider';
import type { AuthenticatedUser } from '../users/authenticate';
import {
  evolveReading,
  initialReadingState,
  type ReadingCommand,
  type ReadingEvent,
  type ReadingState,
  readingDecider,
} from './reading-decider';

/** One account's reading of one story: the stream its commands append to, and how to decide on it. */
export interface AccountReading {
  stream: string;
  decider: Decider<ReadingCommand, ReadingState, ReadingEvent>;
}

/**
 * The reading stream of the user's account, `account_reading-{accountId}-{storyId}`, decided on
 * from where the account left it. Before reading streams were named by account they were named
 * by the address's key (`reading-{userKey}-{storyId}`), which every account of one address
 * shared; that stream takes no more appends, and what it holds since this account's own
 * registration is this account's, so the fold starts from it. What it holds from before (an
 * erased account of the same address) is never this account's.
 */
export async function accountReading(
  store: Pick<EventStore, 'readStream'>,
  user: Pick<AuthenticatedUser, 'userKey' | 'state'>,
  storyId: string,
): Promise<AccountReading> {
  const { accountId, accountSince } = user.state;
  if (!accountId) throw new Error('a reading command needs a registered account');
  const legacy = await aggregateStream<ReadingState, ReadingEvent>(
    store,
    streams.legacyReading(user.userKey, storyId),
    evolveReading,
    initialReadingState,
    { after: accountSince ?? 0 },
  );
  const carried = legacy.state;
  return {
    stream: streams.reading(accountId, storyId),
    decider: { ...readingDecider, initialState: () => ({ ...carried }) },
  };
}
