import { randomUUID } from 'node:crypto';
import { type CommandContext, streams } from '@nocturne/events';
import { aggregateStream, type EventStore } from '@nocturne/events/store';
import type { PiiVault } from '@nocturne/vault';
import { command } from '../shared/decider';
import { handleCommand, loadedFrom, type StateLoader } from '../shared/handle-command';
import {
  type DigestCandidate,
  type DigestState,
  digestDecider,
  digestSince,
  evolveDigest,
  initialDigestState,
} from './digest-decider';

/** At most this many stories in one digest; the rest come in the next one. */
export const DIGEST_STORIES_MAX = 30;
const MEMBERS_PAGE = 500;

/**
 * What the digest reads of the read models (query-api implements it; infra wires it): who asked
 * for it, and what their followed creators published.
 */
/** A story as the read models give it: its creator's pen name in plain text, and their account. */
export interface DigestStoryRead extends DigestCandidate {
  /** The creator's account id: the vault subject their pen name is sealed under. */
  creatorAccount: string;
}

export interface DigestReader {
  /** The members whose digest is on, in user-key order, after `after` (null: from the first). */
  members(after: string | null, limit: number): Promise<string[]>;
  /**
   * The live stories of the creators the member follows now, published while they followed and
   * after log position `after`: oldest first, at most `limit`.
   */
  storiesAfter(userKey: string, after: number, limit: number): Promise<DigestStoryRead[]>;
}

/** Each story's pen name sealed under its creator's key, once a creator per run. */
function penNameSealer(vault: Pick<PiiVault, 'encrypt'>) {
  const sealed = new Map<string, Promise<string>>();
  return (stories: DigestStoryRead[]): Promise<DigestCandidate[]> =>
    Promise.all(
      stories.map(async ({ creatorAccount, penName, storyId, teaser, position }) => {
        const key = `${creatorAccount}\n${penName}`;
        let value = sealed.get(key);
        if (!value) {
          value = vault.encrypt(creatorAccount, penName);
          sealed.set(key, value);
        }
        return { storyId, teaser, position, penName: await value };
      }),
    );
}

/** The day a digest belongs to: the UTC date of `now`. */
export const digestDay = (now: Date): string => now.toISOString().slice(0, 10);

/**
 * The member's account and digests, with the append guarded by the account's revision: an
 * unsubscribe stored while the digest was being decided makes it decide again (and send none).
 */
function digestState(store: EventStore, userKey: string): StateLoader<DigestState> {
  return {
    async load() {
      const account = await aggregateStream(store, streams.user(userKey), evolveDigest, initialDigestState);
      const sent = await aggregateStream(store, streams.digest(userKey), evolveDigest, () => account.state);
      return loadedFrom(sent, { stream: streams.user(userKey), revision: account.revision });
    },
    stale() {},
  };
}

/**
 * The day's digests: one DigestSent per member who wants one and has new stories (the mail
 * reactor mails it). Decided through handleCommand on `digest-{userKey}` with its revision, so
 * a second run the same day, in this process or another, stores nothing more. One member's
 * failure is logged (by key) and the others still get theirs; it is tried again at the next run.
 */
export async function sendDigests(
  store: EventStore,
  vault: Pick<PiiVault, 'encrypt'>,
  reader: DigestReader,
  now: Date,
  log: (line: string) => void,
): Promise<{ sent: number; failed: number }> {
  const day = digestDay(now);
  const context: CommandContext = {
    correlationId: randomUUID(),
    causationId: `digest:${day}`,
    actor: { kind: 'system' },
  };
  const seal = penNameSealer(vault);
  let sent = 0;
  let failed = 0;
  for (let after: string | null = null; ; ) {
    const members = await reader.members(after, MEMBERS_PAGE);
    for (const userKey of members) {
      try {
        const result = await handleCommand(
          store,
          streams.digest(userKey),
          digestDecider,
          async (state) =>
            command(
              'SendDigest',
              {
                userKey,
                day,
                stories: await seal(
                  await reader.storiesAfter(userKey, digestSince(state), DIGEST_STORIES_MAX),
                ),
              },
              now,
            ),
          context,
          { state: digestState(store, userKey) },
        );
        sent += result.events.length;
      } catch (error) {
        failed += 1;
        log(
          `digest: the digest of user ${userKey} failed (${error instanceof Error ? error.name : 'error'})`,
        );
      }
    }
    if (members.length < MEMBERS_PAGE) break;
    after = members.at(-1)!;
  }
  return { sent, failed };
}
