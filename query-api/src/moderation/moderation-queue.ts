import { QUEUE_AGES, type ReportReason, URGENT_REPORT_REASONS } from '@nocturne/domain';
import { HttpError } from '@nocturne/http-kit';
import type { ReadModel } from '@nocturne/projector/read-model';
import type { PiiVault } from '@nocturne/vault';
import { type Kysely, sql } from 'kysely';
import type { AdminPage } from '../admin/admin-paging';
import type { Signer } from '../images/signed-ref';
import { signImageRef } from '../images/signed-ref';
import { UNKNOWN_CURSOR } from '../stories/list/paging';
import { isWholeQueue, type QueueFilter, WHOLE_QUEUE } from './queue-filter';
import { openWrittenTexts } from './written-texts';

export interface QueuedReport {
  report_id: string;
  reason: ReportReason;
  /** What the reporter wrote ('' for nothing); null once removed with the reporter's account. */
  text: string | null;
  reporter_kind: 'member' | 'visitor';
  reported_at: string;
}

export interface QueuedStory {
  story_id: string;
  /** The story as staff read it (every image signed for the session, premium and hidden alike); null once deleted. */
  story: { images: string[]; texts: string[]; isPremium: boolean; tags: string[]; warnings: string[] } | null;
  /** The statement of the hide in force, or null when the story is visible. */
  hidden_reason: string | null;
  reports: QueuedReport[];
  /** Open reports by reason. */
  counts: Partial<Record<ReportReason, number>>;
  /** Open reports of "involves a minor" or "illegal content": the queue's first key. */
  urgent: number;
  /** The open publisher's appeal of a hide or delete, if any. */
  appeal: { appeal_id: string; text: string | null; appealed_at: string } | null;
  /** The oldest open item's time: the queue's second key. */
  waiting_since: string;
}

/** A hidden story with nothing open on it, to restore or delete. */
export interface HiddenStory {
  story_id: string;
  title: string;
  hidden_reason: string;
}

/** One page of the Reports tab: the queue first, then the hidden stories; `next` names where the following page starts. */
export interface ModerationPage {
  open: number;
  stories: QueuedStory[];
  hidden: HiddenStory[];
  next: string[] | null;
}

/** A server-issued slide reference (an "http…" one is used as it is). */
const SIGNABLE = /^[0-9a-f]{32}$/;

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * Where a page starts: in the queue after the story whose keys are (urgent, first position), or
 * in the hidden stories below a position ('' from the newest). A cursor is three strings.
 */
type Start = { in: 'queue'; urgent: number; first: number } | { in: 'hidden'; below: number | null };

function startOf(after: readonly string[] | null): Start | null {
  if (after === null) return null;
  const [kind, a, b] = after;
  const number = (text: string | undefined) => (text && /^\d{1,18}$/.test(text) ? Number(text) : Number.NaN);
  if (kind === 'queue' && Number.isSafeInteger(number(a)) && Number.isSafeInteger(number(b)))
    return { in: 'queue', urgent: number(a), first: number(b) };
  if (kind === 'hidden' && a === '') return { in: 'hidden', below: null };
  if (kind === 'hidden' && Number.isSafeInteger(number(a))) return { in: 'hidden', below: number(a) };
  throw new HttpError(400, UNKNOWN_CURSOR);
}

/**
 * The open reports and appeals, one row per story: its urgent reports and its oldest open item;
 * with a filter, only the stories with an open report of its reason, and whose oldest open item
 * has waited at least its age at `now`.
 */
function openByStory(filter: QueueFilter, now: Date) {
  const reason = filter.reason === null ? sql`` : sql`and bool_or(reason = ${filter.reason})`;
  const age =
    filter.age === null
      ? sql``
      : sql`and min(at) <= ${new Date(now.getTime() - QUEUE_AGES[filter.age]).toISOString()}::timestamptz`;
  return sql`select story_id,
    count(*) filter (where reason = any(${[...URGENT_REPORT_REASONS]}::text[]))::int as urgent,
    min(position) as first
  from (
    select story_id, position, reason, reported_at as at from moderation_reports where outcome is null
    union all
    select story_id, position, null, appealed_at from moderation_appeals where outcome is null
  ) open_items
  group by story_id
  having true ${reason} ${age}`;
}

/**
 * The Reports tab a page at a time: the stories with open reports or an open appeal, the one
 * with most "involves a minor" or "illegal content" reports first, then the one waiting longest;
 * after the last of them, the hidden stories with nothing open, newest first. A page holds at
 * most `page.limit` stories of both kinds. The queue is grouped in the database over the open
 * items only (the partial indexes on open reports and appeals), and each page's reports, appeals
 * and stories are read by story id; the hidden stories are read by the index on hidden ones.
 * A filter (by reason, by age) keeps the queue's stories it matches, and no hidden ones; `open`
 * counts the whole queue all the same.
 */
export async function moderationQueue(
  db: Kysely<ReadModel>,
  vault: PiiVault,
  signer: Signer,
  page: AdminPage,
  filter: QueueFilter = WHOLE_QUEUE,
): Promise<ModerationPage> {
  const start = startOf(page.after);
  const [open, rest] = await Promise.all([
    sql<{ n: number }>`select count(*)::int as n from (${openByStory(WHOLE_QUEUE, signer.now)}) q`.execute(
      db,
    ),
    pageFrom(db, vault, signer, page, start, filter),
  ]);
  return { open: open.rows[0]?.n ?? 0, ...rest };
}

async function pageFrom(
  db: Kysely<ReadModel>,
  vault: PiiVault,
  signer: Signer,
  page: AdminPage,
  start: Start | null,
  filter: QueueFilter,
): Promise<Omit<ModerationPage, 'open'>> {
  let stories: QueuedStory[] = [];
  let next: string[] | null = null;
  if (start === null || start.in === 'queue') {
    const after = start
      ? sql`where urgent < ${start.urgent} or (urgent = ${start.urgent} and first > ${start.first})`
      : sql``;
    const { rows } = await sql<{ story_id: string; urgent: number; first: string }>`
      select * from (${openByStory(filter, signer.now)}) q ${after}
      order by urgent desc, first asc
      limit ${page.limit + 1}`.execute(db);
    const keys = rows.slice(0, page.limit);
    stories = await queuedStories(db, vault, signer, keys);
    const last = keys.at(-1);
    if (rows.length > page.limit && last) next = ['queue', String(last.urgent), String(last.first)];
  }
  let hidden: HiddenStory[] = [];
  const room = page.limit - stories.length;
  // The queue's last page goes on with the hidden stories, from the newest (which no filter keeps).
  if (next === null && isWholeQueue(filter)) {
    const below = start?.in === 'hidden' ? start.below : null;
    if (room === 0) {
      // A page full of the queue: the hidden stories, if any, start the next one.
      if (await hiddenStories(db, null, 1).then((found) => found.length > 0)) next = ['hidden', '', ''];
    } else {
      const found = await hiddenStories(db, below, room + 1);
      hidden = found.slice(0, room).map(({ position: _, ...story }) => story);
      const last = found[room - 1];
      if (found.length > room && last) next = ['hidden', String(last.position), ''];
    }
  }
  return { stories, hidden, next };
}

/** Hidden stories with nothing open on them, newest first, below `below` (null: from the newest). */
async function hiddenStories(db: Kysely<ReadModel>, below: number | null, limit: number) {
  let query = db
    .selectFrom('stories as s')
    .select(['s.id', 's.hidden_reason', 's.position', sql<string | null>`s.card->'texts'->>0`.as('title')])
    .where('s.hidden_reason', 'is not', null)
    .where(
      sql<boolean>`not exists (select 1 from moderation_reports r where r.story_id = s.id and r.outcome is null)
        and not exists (select 1 from moderation_appeals a where a.story_id = s.id and a.outcome is null)`,
    );
  if (below !== null) query = query.where('s.position', '<', below);
  const rows = await query.orderBy('s.position', 'desc').limit(limit).execute();
  return rows.map((row) => ({
    story_id: row.id,
    title: row.title ?? '',
    hidden_reason: row.hidden_reason ?? '',
    position: Number(row.position),
  }));
}

/** The page's stories with their open reports, appeal and card, in the page's order. */
async function queuedStories(
  db: Kysely<ReadModel>,
  vault: PiiVault,
  signer: Signer,
  keys: readonly { story_id: string; urgent: number; first: string }[],
): Promise<QueuedStory[]> {
  if (keys.length === 0) return [];
  const ids = keys.map((k) => k.story_id);
  const [reports, appeals, stories] = await Promise.all([
    db
      .selectFrom('moderation_reports')
      .selectAll()
      .where('story_id', 'in', ids)
      .where('outcome', 'is', null)
      .orderBy('position')
      .execute(),
    db
      .selectFrom('moderation_appeals')
      .selectAll()
      .where('story_id', 'in', ids)
      .where('outcome', 'is', null)
      .orderBy('position')
      .execute(),
    db.selectFrom('stories').selectAll().where('id', 'in', ids).execute(),
  ]);
  const texts = await openWrittenTexts(
    vault,
    [...reports, ...appeals].map((row) => row.text),
  );
  const textOf = (index: number) => texts[index] ?? null;
  const byStory = new Map<string, QueuedStory>();
  for (const key of keys) {
    byStory.set(key.story_id, {
      story_id: key.story_id,
      story: null,
      hidden_reason: null,
      reports: [],
      counts: {},
      urgent: key.urgent,
      appeal: null,
      waiting_since: '',
    });
  }
  const firsts = new Map(keys.map((k) => [k.story_id, Number(k.first)]));
  const waiting = (storyId: string, at: Date | string, position: number | string) => {
    if (Number(position) === firsts.get(storyId)) byStory.get(storyId)!.waiting_since = iso(at);
  };
  for (const [i, row] of reports.entries()) {
    const queued = byStory.get(row.story_id)!;
    const reason = row.reason as ReportReason;
    queued.reports.push({
      report_id: row.report_id,
      reason,
      text: textOf(i),
      reporter_kind: row.reporter_kind,
      reported_at: iso(row.reported_at),
    });
    queued.counts[reason] = (queued.counts[reason] ?? 0) + 1;
    waiting(row.story_id, row.reported_at, row.position);
  }
  for (const [i, row] of appeals.entries()) {
    byStory.get(row.story_id)!.appeal = {
      appeal_id: row.appeal_id,
      text: textOf(reports.length + i),
      appealed_at: iso(row.appealed_at),
    };
    waiting(row.story_id, row.appealed_at, row.position);
  }
  for (const row of stories) {
    const queued = byStory.get(row.id)!;
    queued.hidden_reason = row.hidden_reason;
    queued.story = {
      images: row.card.images.map((ref) =>
        SIGNABLE.test(ref) ? signImageRef(signer.secret, ref, signer.subject, signer.now) : ref,
      ),
      texts: row.card.texts,
      isPremium: row.is_premium,
      tags: row.card.tags,
      warnings: row.card.warnings,
    };
  }
  return [...byStory.values()];
}
