import { decodeEvent, streams } from '@nocturne/events';
import type { EventStore } from '@nocturne/events/store';
import { loadUserState } from '../users/load-user';

/**
 * The member account that published a story, with its sealed address, for the statement of
 * reasons and the appeal; null when an admin or an invite-code holder published it, or the
 * account is gone (its address shredded).
 */
export async function storyPublisherAccount(
  store: EventStore,
  storyId: string,
): Promise<{ userKey: string; email: string } | null> {
  const [first] = await store.readStream(streams.story(storyId));
  if (!first) return null;
  const published = decodeEvent(first);
  const actor = published.metadata.actor;
  if (published.type !== 'StoryPublished' || actor.kind !== 'user') return null;
  const account = await loadUserState(store, actor.userKey);
  if (account.status !== 'registered' || !account.encryptedEmail) return null;
  return { userKey: actor.userKey, email: account.encryptedEmail };
}
