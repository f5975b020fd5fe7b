import type { ReadModel } from '@nocturne/projector/read-model';
import type { Kysely } from 'kysely';
import { liveNotifications } from '../creators/live-notifications';

/** A story a digest may tell of (command-api's DigestCandidate). */
export interface DigestStory {
  storyId: string;
  teaser: string;
  /** In plain text: command-api seals it under `creatorAccount`, the creator's key. */
  penName: string;
  creatorAccount: string;
  position: number;
}

/**
 * What the daily digest reads (command-api's DigestReader, wired by infra): the members whose
 * digest is on, and for one member the notifications of the creators they still follow, of
 * stories still live (not deleted, not hidden), as the bell shows them.
 */
export function digestReader(db: Kysely<ReadModel>) {
  return {
    async members(after: string | null, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('email_digest_members')
        .select('user_key')
        .$if(after !== null, (q) => q.where('user_key', '>', after!))
        .orderBy('user_key')
        .limit(limit)
        .execute();
      return rows.map((row) => row.user_key);
    },
    async storiesAfter(userKey: string, after: number, limit: number): Promise<DigestStory[]> {
      const rows = await liveNotifications(db, userKey)
        .innerJoin('users', 'users.user_key', 'n.creator_key')
        .select(['n.story_id', 'n.position', 'creators.pen_name', 'users.account_id'])
        .select((eb) => eb.ref('stories.card', '->>').key('teaser').as('teaser'))
        .where('n.position', '>', after)
        .orderBy('n.position')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        storyId: row.story_id,
        teaser: row.teaser ?? '',
        penName: row.pen_name,
        creatorAccount: row.account_id,
        position: Number(row.position),
      }));
    },
  };
}
