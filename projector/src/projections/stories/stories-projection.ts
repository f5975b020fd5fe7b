import { type EventData, idOf, type RecordedEvent } from '@nocturne/events';
import { type PiiVault, penNamesOf } from '@nocturne/vault';
import { type Insertable, sql } from 'kysely';
import type { StoryImagesTable } from '../../read-model/schema';
import type { BatchTransaction, Projection } from '../../runner/projection';
import { unnestRows } from '../../runner/unnest-rows';
import { storyCard } from './story-card';

/** The images of a story as the image route looks them up: every slide image and the preview. */
function storyImageRows(
  story: Pick<EventData<'StoryPublished'>, 'storyId' | 'isPremium' | 'slides' | 'preview' | 'rating'>,
): Insertable<StoryImagesTable>[] {
  const common = {
    story_id: story.storyId,
    is_premium: story.isPremium,
    explicit: story.rating === 'explicit',
  };
  const slides = story.slides.map((s) => ({
    ...common,
    kind: 'slide' as const,
    ref: s.image.ref,
    width: s.image.width,
    height: s.image.height,
  }));
  const unique = [...new Map(slides.map((row) => [row.ref, row])).values()];
  return [
    ...unique,
    {
      ...common,
      kind: 'preview',
      ref: story.preview.ref,
      width: story.preview.width,
      height: story.preview.height,
    },
  ];
}

/** The images of the batch's new stories (a story's images are listed once: do nothing on conflict). */
async function insertImages(trx: BatchTransaction, rows: Insertable<StoryImagesTable>[]): Promise<void> {
  const { columns, select } = unnestRows(rows, {
    story_id: 'text',
    is_premium: 'boolean',
    explicit: 'boolean',
    kind: 'text',
    ref: 'text',
    width: 'int',
    height: 'int',
  });
  await sql`insert into story_images (${columns}) ${select}
    on conflict (story_id, ref, kind) do nothing`.execute(trx);
}

/** What a batch does to one story, folded in log order. */
interface StoryFold {
  /** A StoryDeleted or StoryUnpublished in the batch: the row (and images) as they were before the batch go. */
  deleted: boolean;
  /** The position of the batch's last StoryDeleted or StoryUnpublished of the story. */
  deletedAt?: number;
  /** The position of the batch's last event of the story: the row's changed_at. */
  changedAt: number;
  /** A StoryPublished after the batch's last deletion: inserted unless the row exists. */
  published?: Omit<EventData<'StoryPublished'>, 'creatorKey'> & {
    at: Date;
    position: number;
    creatorKey: string | null;
  };
  /** Counts after the batch's last like / view (the stream revision + 1, so a replay cannot double-count). */
  likes?: number;
  views?: number;
  /** The labels after the batch's last StoryLabelsChanged or StoryRevised: written over the card's. */
  labels?: EventData<'StoryLabelsChanged'>;
  /** The batch's last StoryRevised: its slides and preview replace the row's. */
  revised?: EventData<'StoryRevised'>;
  /** The rating after the batch's last StoryRevised or StoryRatingChanged: written over the card's. */
  rating?: EventData<'StoryRatingChanged'>['rating'];
  /** After the batch's last StoryHidden or StoryRestored: the hide's statement, or null (visible). */
  hiddenReason?: string | null;
}

/**
 * Who made a published story: the member its StoryPublished names (a draft published by the
 * scheduler is its creator's story), else the account its metadata names (stories published
 * before the event named them); the admin's and an invite holder's stories have none.
 */
export function creatorKeyOf(event: RecordedEvent): string | null {
  if (event.type === 'StoryPublished' && event.data.creatorKey) return event.data.creatorKey;
  const { actor } = event.metadata;
  return actor.kind === 'user' ? actor.userKey : null;
}

/**
 * The pen names chosen in a batch, opened: the last one of each account, with its position. An
 * erased account's reads as null (its key is gone) and gives no row; its UserDeleted removes
 * the one it had.
 */
async function chosenPenNames(
  events: readonly RecordedEvent[],
  vault: PiiVault,
): Promise<{ userKey: string; penName: string; handle: string; position: number }[]> {
  const chosen = new Map<string, EventData<'PenNameChosen'> & { position: number }>();
  for (const event of events) {
    if (event.type === 'PenNameChosen')
      chosen.set(event.data.userKey, { ...event.data, position: event.position });
  }
  const opened = await penNamesOf(vault, [...chosen.values()]);
  return [...chosen.values()].flatMap((c, i) => {
    const name = opened[i];
    return name ? [{ userKey: c.userKey, ...name, position: c.position }] : [];
  });
}

function foldStories(events: readonly RecordedEvent[]): Map<string, StoryFold> {
  const folds = new Map<string, StoryFold>();
  for (const event of events) {
    if (
      event.type !== 'StoryPublished' &&
      event.type !== 'StoryDeleted' &&
      event.type !== 'StoryUnpublished' &&
      event.type !== 'StoryRevised' &&
      event.type !== 'StoryLabelsChanged' &&
      event.type !== 'StoryRatingChanged' &&
      event.type !== 'StoryHidden' &&
      event.type !== 'StoryRestored' &&
      event.type !== 'StoryLiked' &&
      event.type !== 'StoryViewed'
    )
      continue;
    const id = event.data.storyId;
    let fold = folds.get(id);
    if (!fold) {
      fold = { deleted: false, changedAt: event.position };
      folds.set(id, fold);
    }
    fold.changedAt = event.position;
    switch (event.type) {
      case 'StoryPublished':
        fold.published = {
          ...event.data,
          at: event.recordedAt,
          position: event.position,
          creatorKey: creatorKeyOf(event),
        };
        break;
      case 'StoryLabelsChanged':
        fold.labels = event.data;
        break;
      case 'StoryRevised':
        fold.revised = event.data;
        fold.labels = event.data;
        fold.rating = event.data.rating;
        break;
      case 'StoryRatingChanged':
        fold.rating = event.data.rating;
        break;
      case 'StoryDeleted':
      case 'StoryUnpublished':
        // Whatever the batch did to the story before is gone with it.
        folds.set(id, { deleted: true, deletedAt: event.position, changedAt: event.position });
        break;
      case 'StoryHidden':
        fold.hiddenReason = event.data.reason;
        break;
      case 'StoryRestored':
        fold.hiddenReason = null;
        break;
      case 'StoryLiked':
        fold.likes = event.streamRevision + 1;
        break;
      case 'StoryViewed':
        fold.views = event.streamRevision + 1;
        break;
    }
  }
  return folds;
}

/** Stories and their view and like counts, for the lists and the reader. */
export const storiesProjection: Projection = {
  name: 'stories',
  handles: [
    'StoryPublished',
    'StoryLabelsChanged',
    'StoryRatingChanged',
    'StoryDeleted',
    'StoryUnpublished',
    'StoryRevised',
    'StoryHidden',
    'StoryRestored',
    'StoryLiked',
    'StoryViewed',
    'PenNameChosen',
    'UserDeleted',
  ],
  async applyBatch(trx, events, { vault }) {
    // Pen names first: a story published in the batch shows the name its creator has after it.
    const penNames = await chosenPenNames(events, vault);
    if (penNames.length > 0) {
      await trx
        .insertInto('creators')
        .values(penNames.map((c) => ({ user_key: c.userKey, pen_name: c.penName, handle: c.handle })))
        .onConflict((oc) =>
          oc.column('user_key').doUpdateSet((eb) => ({
            pen_name: eb.ref('excluded.pen_name'),
            handle: eb.ref('excluded.handle'),
          })),
        )
        .execute();
    }
    const folds = [...foldStories(events)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    // Every row this batch writes or deletes says so, with the position of the last event that
    // changed it (never the batch's: a rebuild cuts the log into other batches and must give the
    // same rows); only ever forward. The story list reads only what changed since its snapshot.
    const deleted = folds.filter(([, f]) => f.deleted);
    if (deleted.length > 0) {
      const ids = deleted.map(([id]) => id);
      await trx.deleteFrom('stories').where('id', 'in', ids).execute();
      await trx
        .insertInto('story_deletions')
        .values(deleted.map(([id, f]) => ({ story_id: id, deleted_at: f.deletedAt! })))
        .onConflict((oc) =>
          oc.column('story_id').doUpdateSet((eb) => ({ deleted_at: eb.ref('excluded.deleted_at') })),
        )
        .execute();
      // Its images stop being served: the image route only serves refs listed here.
      await trx.deleteFrom('story_images').where('story_id', 'in', ids).execute();
    }
    const published = folds.flatMap(([, f]) =>
      f.published ? [{ ...f.published, changedAt: f.changedAt }] : [],
    );
    const publishers = [...new Set(published.flatMap((p) => (p.creatorKey ? [p.creatorKey] : [])))];
    const names =
      publishers.length === 0
        ? new Map<string, { name: string; handle: string }>()
        : new Map(
            (
              await trx
                .selectFrom('creators')
                .select(['user_key', 'pen_name', 'handle'])
                .where('user_key', 'in', publishers)
                .execute()
            ).map((c) => [c.user_key, { name: c.pen_name, handle: c.handle }]),
          );
    if (published.length > 0) {
      const rows = published.map((story) => ({
        id: story.storyId,
        is_premium: story.isPremium,
        slides: JSON.stringify(story.slides),
        preview: JSON.stringify(story.preview),
        card: JSON.stringify({
          ...storyCard(story.slides, story),
          creator: (story.creatorKey && names.get(story.creatorKey)) ?? null,
        }),
        creator_key: story.creatorKey,
        published_at: story.at,
        position: story.position,
        changed_at: story.changedAt,
      }));
      const { columns, select } = unnestRows(rows, {
        id: 'text',
        is_premium: 'boolean',
        slides: 'jsonb',
        preview: 'jsonb',
        card: 'jsonb',
        creator_key: 'text',
        published_at: 'timestamptz',
        position: 'bigint',
        changed_at: 'bigint',
      });
      await sql`insert into stories (${columns}) ${select} on conflict (id) do nothing`.execute(trx);
      await insertImages(trx, published.flatMap(storyImageRows));
    }
    // A revision replaces the slides, the preview, the card's texts and images, and the images
    // served (a story published in the same batch is inserted first); counts stay.
    const revised = folds.flatMap(([, f]) => (f.revised ? [{ ...f.revised, changedAt: f.changedAt }] : []));
    for (const revision of revised) {
      const card = storyCard(revision.slides, revision);
      const row = await trx
        .updateTable('stories')
        .set({
          slides: JSON.stringify(revision.slides),
          preview: JSON.stringify(revision.preview),
          card: sql`stories.card || ${JSON.stringify(card)}::jsonb`,
          changed_at: sql`greatest(stories.changed_at, ${revision.changedAt}::bigint)`,
        })
        .where('id', '=', revision.storyId)
        .returning(['is_premium', 'hidden_reason'])
        .executeTakeFirst();
      if (!row) continue;
      await trx.deleteFrom('story_images').where('story_id', '=', revision.storyId).execute();
      await trx
        .insertInto('story_images')
        .values(
          storyImageRows({ ...revision, isPremium: row.is_premium }).map((image) => ({
            ...image,
            hidden: row.hidden_reason !== null,
          })),
        )
        .execute();
    }
    // New labels replace the card's (a story published in the same batch is inserted first).
    const relabelled = folds.flatMap(([, f]) =>
      f.labels
        ? [{ id: f.labels.storyId, tags: f.labels.tags, warnings: f.labels.warnings, at: f.changedAt }]
        : [],
    );
    if (relabelled.length > 0) {
      await sql`update stories set card = stories.card || jsonb_build_object('tags', c.tags, 'warnings', c.warnings),
          changed_at = greatest(stories.changed_at, c.at)
        from jsonb_to_recordset(${JSON.stringify(relabelled)}::jsonb) as c(id text, tags jsonb, warnings jsonb, at bigint)
        where stories.id = c.id`.execute(trx);
    }
    // A new rating replaces the card's, and says which images are Explicit ones.
    const rerated = folds.flatMap(([id, f]) => (f.rating ? [{ id, rating: f.rating, at: f.changedAt }] : []));
    if (rerated.length > 0) {
      const changes = JSON.stringify(rerated);
      await sql`update stories set card = stories.card || jsonb_build_object('rating', c.rating),
          changed_at = greatest(stories.changed_at, c.at)
        from jsonb_to_recordset(${changes}::jsonb) as c(id text, rating text, at bigint)
        where stories.id = c.id`.execute(trx);
      await sql`update story_images set explicit = c.rating = 'explicit'
        from jsonb_to_recordset(${changes}::jsonb) as c(id text, rating text)
        where story_images.story_id = c.id`.execute(trx);
    }
    // A new pen name shows on every story of its account, the earlier ones too.
    if (penNames.length > 0) {
      const renamed = JSON.stringify(
        penNames.map((c) => ({ key: c.userKey, name: c.penName, handle: c.handle, at: c.position })),
      );
      await sql`update stories set card = stories.card || jsonb_build_object('creator',
            jsonb_build_object('name', c.name, 'handle', c.handle)),
          changed_at = greatest(stories.changed_at, c.at)
        from jsonb_to_recordset(${renamed}::jsonb) as c(key text, name text, handle text, at bigint)
        where stories.creator_key = c.key`.execute(trx);
    }
    // A hide or restore: the row stays (a restore brings it back as it was) and says so; every
    // reader of stories leaves a hidden one out, and its images are not served meanwhile.
    const moderated = folds.filter(([, f]) => f.hiddenReason !== undefined);
    if (moderated.length > 0) {
      const changes = JSON.stringify(
        moderated.map(([id, f]) => ({ id, reason: f.hiddenReason, at: f.changedAt })),
      );
      await sql`update stories set hidden_reason = c.reason, changed_at = greatest(stories.changed_at, c.at)
        from jsonb_to_recordset(${changes}::jsonb) as c(id text, reason text, at bigint)
        where stories.id = c.id`.execute(trx);
      await sql`update story_images set hidden = c.reason is not null
        from jsonb_to_recordset(${changes}::jsonb) as c(id text, reason text, at bigint)
        where story_images.story_id = c.id`.execute(trx);
    }
    // Both counters in one statement: a story liked and viewed in the batch gets one new row
    // version, not two (each is a whole row with its card, and its indexes' entries).
    const counted = folds.filter(([, f]) => f.likes !== undefined || f.views !== undefined);
    if (counted.length > 0) {
      await sql`update stories set likes = coalesce(c.likes, stories.likes),
          views = coalesce(c.views, stories.views), changed_at = greatest(stories.changed_at, c.at)
        from unnest(${counted.map(([id]) => id)}::text[], ${counted.map(([, f]) => f.likes ?? null)}::int[],
          ${counted.map(([, f]) => f.views ?? null)}::int[], ${counted.map(([, f]) => f.changedAt)}::bigint[])
          as c(id, likes, views, at)
        where stories.id = c.id`.execute(trx);
    }
    // An erased account has no pen name any more: its page goes, and its stories stay without it.
    const erased = new Map(
      events.flatMap((e) => (e.type === 'UserDeleted' ? [[idOf(e.streamName), e.position] as const] : [])),
    );
    if (erased.size > 0) {
      await trx
        .deleteFrom('creators')
        .where('user_key', 'in', [...erased.keys()])
        .execute();
      await sql`update stories set card = stories.card || jsonb_build_object('creator', null),
          changed_at = greatest(stories.changed_at, c.at)
        from unnest(${[...erased.keys()]}::text[], ${[...erased.values()]}::bigint[]) as c(key, at)
        where stories.creator_key = c.key and stories.card->'creator' <> 'null'::jsonb`.execute(trx);
    }
  },
};
