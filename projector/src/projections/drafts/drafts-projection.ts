import type { EventData, RecordedEvent } from '@nocturne/events';
import type { Projection } from '../../runner/projection';

/** What a batch leaves of one draft: its row as saved and scheduled, or gone (published or deleted). */
type DraftFold =
  | { gone: true }
  | { gone: false; saved?: EventData<'StoryDraftSaved'> & { at: Date }; publishAt?: string | null };

function foldDrafts(events: readonly RecordedEvent[]): Map<string, DraftFold> {
  const folds = new Map<string, DraftFold>();
  for (const event of events) {
    if (
      event.type !== 'StoryDraftSaved' &&
      event.type !== 'StoryDraftScheduled' &&
      event.type !== 'StoryDraftUnscheduled' &&
      event.type !== 'StoryDraftDeleted' &&
      event.type !== 'StoryPublished'
    )
      continue;
    const id = event.data.storyId;
    const fold = folds.get(id);
    const open = fold && !fold.gone ? fold : { gone: false as const };
    switch (event.type) {
      case 'StoryDraftSaved':
        folds.set(id, { ...open, saved: { ...event.data, at: event.recordedAt } });
        break;
      case 'StoryDraftScheduled':
        folds.set(id, { ...open, publishAt: event.data.publishAt });
        break;
      case 'StoryDraftUnscheduled':
        folds.set(id, { ...open, publishAt: null });
        break;
      case 'StoryDraftDeleted':
      case 'StoryPublished':
        folds.set(id, { gone: true });
        break;
    }
  }
  return folds;
}

/**
 * drafts: each member's drafts as last saved, for their studio (never anyone else's answer), and
 * when each scheduled one is due, for the scheduler. A draft leaves when it is published (from
 * the studio or by the scheduler) or thrown away.
 */
export const draftsProjection: Projection = {
  name: 'drafts',
  handles: [
    'StoryDraftSaved',
    'StoryDraftScheduled',
    'StoryDraftUnscheduled',
    'StoryDraftDeleted',
    'StoryPublished',
  ],
  async applyBatch(trx, events) {
    const folds = [...foldDrafts(events)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const gone = folds.filter(([, f]) => f.gone).map(([id]) => id);
    if (gone.length > 0) await trx.deleteFrom('drafts').where('story_id', 'in', gone).execute();
    for (const [id, fold] of folds) {
      if (fold.gone) continue;
      if (fold.saved) {
        const { saved } = fold;
        const content = {
          creator_key: saved.creatorKey,
          slides: JSON.stringify(saved.slides),
          preview: JSON.stringify(saved.preview),
          is_premium: saved.isPremium,
          tags: JSON.stringify(saved.tags),
          warnings: JSON.stringify(saved.warnings),
          rating: saved.rating,
          saved_at: saved.at,
        };
        await trx
          .insertInto('drafts')
          .values({ story_id: id, ...content, publish_at: fold.publishAt ?? null })
          .onConflict((oc) =>
            oc
              .column('story_id')
              .doUpdateSet(
                fold.publishAt === undefined ? content : { ...content, publish_at: fold.publishAt },
              ),
          )
          .execute();
      } else if (fold.publishAt !== undefined) {
        await trx
          .updateTable('drafts')
          .set({ publish_at: fold.publishAt })
          .where('story_id', '=', id)
          .execute();
      }
    }
  },
};
