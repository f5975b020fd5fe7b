import { flushActions, forgetQueuedActions, queuedActions } from './action-queue';
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

/**
 * Before signing out: sends what the account still has queued (the sync may not have run since
 * the connection came back), and resolves to how many of its actions remain unsent (offline: all
 * of them), which signing out would discard, so the reader can be asked first.
 */
export async function unsentBeforeSignOut(account: string | null): Promise<number> {
  if (account === null) return 0;
  await flushActions(account);
  return queuedActions(account).length;
}

/** The question put to a reader who signs out with actions still unsent. */
export function discardUnsentQuestion(unsent: number): string {
  return unsent === 1
    ? 'Something you did offline (a like, your place in a story) has not been sent yet. Signing out now discards it. Sign out anyway?'
    : `${unsent} things you did offline (likes, your place in stories) have not been sent yet. Signing out now discards them. Sign out anyway?`;
}
