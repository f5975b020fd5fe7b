import { idOf } from '@nocturne/events';
import { sql } from 'kysely';
import { inChunks } from '../../runner/in-chunks';
import type { Projection } from '../../runner/projection';
import { unnestRows } from '../../runner/unnest-rows';

interface UnlockRow {
  user_key: string;
  story_id: string;
  unlocked_at: Date;
  withdrawn: boolean;
}

/**
 * The premium stories each user has unlocked, keyed by the user stream key (never the e-mail).
 * When a story is withdrawn (unpublished by its creator, or deleted by an admin) its unlocks are
 * marked `withdrawn`: the unlock returner gives each back, and the return removes the row (the
 * story is no longer the reader's). A deleted account's unlocks go with it.
 */
export const premiumUnlocksProjection: Projection = {
  name: 'premium-unlocks',
  handles: [
    'PremiumStoryUnlocked',
    'StoryUnpublished',
    'StoryDeleted',
    'PremiumUnlockReturned',
    'UserDeleted',
  ],
  async applyBatch(trx, events) {
    // The batch's effects, folded in log order: the users deleted, the stories withdrawn (which
    // mark the rows stored before the batch), the unlocks returned (whose stored rows go), and
    // the rows the batch's own unlocks leave, per user and story.
    const deleted = new Set<string>();
    const withdrawn = new Set<string>();
    const returned: { user_key: string; story_id: string }[] = [];
    const unlocks = new Map<string, Map<string, UnlockRow>>();
    for (const event of events) {
      switch (event.type) {
        case 'UserDeleted': {
          const userKey = idOf(event.streamName);
          deleted.add(userKey);
          unlocks.delete(userKey);
          break;
        }
        case 'PremiumStoryUnlocked': {
          const userKey = idOf(event.streamName);
          const own = unlocks.get(userKey) ?? new Map<string, UnlockRow>();
          // The first unlock of a story counts: a duplicate keeps the first.
          if (!own.has(event.data.storyId))
            own.set(event.data.storyId, {
              user_key: userKey,
              story_id: event.data.storyId,
              unlocked_at: event.recordedAt,
              withdrawn: false,
            });
          unlocks.set(userKey, own);
          break;
        }
        case 'StoryUnpublished':
        case 'StoryDeleted':
          withdrawn.add(event.data.storyId);
          for (const own of unlocks.values()) {
            const row = own.get(event.data.storyId);
            if (row) row.withdrawn = true;
          }
          break;
        case 'PremiumUnlockReturned': {
          const userKey = idOf(event.streamName);
          returned.push({ user_key: userKey, story_id: event.data.storyId });
          unlocks.get(userKey)?.delete(event.data.storyId);
          break;
        }
      }
    }
    if (deleted.size > 0) {
      await trx
        .deleteFrom('premium_unlocks')
        .where('user_key', 'in', [...deleted])
        .execute();
    }
    if (withdrawn.size > 0) {
      await trx
        .updateTable('premium_unlocks')
        .set({ withdrawn: true })
        .where('story_id', 'in', [...withdrawn].sort())
        .execute();
    }
    await inChunks(returned, (slice) => {
      const users = slice.map((r) => r.user_key);
      const stories = slice.map((r) => r.story_id);
      return sql`delete from premium_unlocks u
        using unnest(${users}::text[], ${stories}::text[]) as r(user_key, story_id)
        where u.user_key = r.user_key and u.story_id = r.story_id`.execute(trx);
    });
    const rows = [...unlocks.values()].flatMap((own) => [...own.values()]);
    if (rows.length === 0) return;
    const { columns, select } = unnestRows(rows, {
      user_key: 'text',
      story_id: 'text',
      unlocked_at: 'timestamptz',
      withdrawn: 'boolean',
    });
    await sql`insert into premium_unlocks (${columns}) ${select}
      on conflict (user_key, story_id) do nothing`.execute(trx);
  },
};
