import { forgetQueuedActions } from './action-queue';
import { deviceCaches, forgetAllKept } from './kept-stories';

/**
 * Signing out leaves none of the device's offline reading behind for the next person at it: the
 * kept copies of every account, which account a session was, and the actions still queued.
 * With a connection the profile's sync has already sent the queue when the reader signs out
 * there; an action made offline and not sent by then goes with the rest.
 */
export async function forgetOfflineReading(storage = deviceCaches()): Promise<void> {
  forgetQueuedActions();
  await forgetAllKept(storage);
}
