import { randomBytes, randomUUID } from 'node:crypto';
import { type DomainEvent, streams } from '@nocturne/events';
import { given, staffInvited, storyPublished } from '@nocturne/events/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestQueryApi, type TestQueryApi } from '../testing/test-query-api';

/**
 * The Reports and Staff tabs answer a page at a time, like the users list: `?limit=` and
 * `?cursor=` from X-Next-Cursor, every page within its limit, and the pages together the whole
 * list in its order, without a gap or a repeat.
 */
let api: TestQueryApi;
let admin: Record<string, string>;

/** The queue as the events make it: story id, urgent reports, position of its oldest open item. */
const queued = new Map<string, { urgent: number; first: number }>();
/** Hidden stories with nothing open, by their StoryPublished position. */
const hidden: { id: string; position: number }[] = [];
const STAFF = 7;
const REMOVED = new Set([1, 4]);

async function report(
  storyId: string,
  reason: 'spam_or_scam' | 'illegal_content',
): Promise<{ id: string; position: number }> {
  const reportId = randomUUID();
  const event: DomainEvent = {
    type: 'StoryReported',
    data: { storyId, reportId, reason, text: null, reporterKey: `visitor:${reportId}`, contact: null },
  };
  const { position } = await given(api.ports.store, streams.storyReports(storyId), [event]);
  return { id: reportId, position };
}

beforeAll(async () => {
  api = await startTestQueryApi('admin_pages');
  const { store, vault } = api.ports;
  for (let n = 0; n < 14; n++) {
    const event = storyPublished();
    const storyId = event.data.storyId;
    const { position: published } = await given(store, streams.story(storyId), [event], 'no_stream');
    if (n >= 10) {
      // Reported, then hidden by a decision that closes the reports (the decision and the hide, as the
      // command appends them): nothing open is left.
      const closed = await report(storyId, 'spam_or_scam');
      await given(store, streams.storyReports(storyId), [
        {
          type: 'ModerationDecided',
          data: {
            storyId,
            decisionId: randomUUID(),
            action: 'hide',
            reason: 'Against the rules.',
            closedReports: [{ reportId: closed.id, reason: 'spam_or_scam', contact: null }],
            closedAppealId: null,
            publisher: null,
          },
        },
      ]);
      await given(store, streams.story(storyId), [
        { type: 'StoryHidden', data: { storyId, reason: 'Against the rules.' } },
      ]);
      hidden.push({ id: storyId, position: published });
      continue;
    }
    let urgent = 0;
    let first = Number.POSITIVE_INFINITY;
    for (let k = 0; k <= n % 3; k++) {
      const reason = n % 4 === 0 && k === 0 ? 'illegal_content' : 'spam_or_scam';
      if (reason === 'illegal_content') urgent += 1;
      first = Math.min(first, (await report(storyId, reason)).position);
    }
    queued.set(storyId, { urgent, first });
  }
  for (let n = 0; n < STAFF; n++) {
    const accountId = randomUUID();
    const email = `staff-page-${n}@example.com`;
    const stream = streams.staff(randomBytes(16).toString('hex'));
    await given(
      store,
      stream,
      [
        staffInvited({
          accountId,
          email: await vault.encrypt(accountId, email),
          tokenDigest: 'b'.repeat(64),
        }),
      ],
      'no_stream',
    );
    if (REMOVED.has(n)) await given(store, stream, [{ type: 'StaffRemoved', data: {} }]);
  }
  await api.project();
  admin = { 'X-Admin-Code': await api.adminCode() };
});
afterAll(async () => {
  await api?.stop();
});

async function pagesOf<Page>(path: string, limit: number): Promise<Page[]> {
  const pages: Page[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) });
    const response = await fetch(`${api.baseUrl}${path}?${query}`, { headers: admin });
    expect(response.status, await response.clone().text()).toBe(200);
    pages.push((await response.json()) as Page);
    cursor = response.headers.get('x-next-cursor');
    expect(pages.length).toBeLessThan(100);
  } while (cursor);
  return pages;
}

describe('the admin lists a page at a time', () => {
  type Reports = { open: number; stories: { story_id: string }[]; hidden: { story_id: string }[] };

  it('the Reports tab: the queue most urgent first, then the hidden stories, each page within its limit', async () => {
    const queue = [...queued]
      .sort(([, a], [, b]) => b.urgent - a.urgent || a.first - b.first)
      .map(([id]) => id);
    const hiddenOrder = [...hidden].sort((a, b) => b.position - a.position).map((h) => h.id);
    // 10 queued and 4 hidden: limits that end the queue mid-page, at a page's end, and in one page.
    for (const limit of [3, 5, 100]) {
      const pages = await pagesOf<Reports>('/api/admin/reports', limit);
      for (const page of pages) {
        expect(page.stories.length + page.hidden.length).toBeLessThanOrEqual(limit);
        expect(page.open).toBe(queue.length);
      }
      expect(pages.flatMap((p) => p.stories.map((s) => s.story_id))).toEqual(queue);
      expect(pages.flatMap((p) => p.hidden.map((s) => s.story_id))).toEqual(hiddenOrder);
      expect(pages.length).toBe(Math.ceil((queue.length + hiddenOrder.length) / limit));
    }
  });

  it('the Staff tab: current members first, newest invitation first; the count of current ones on every page', async () => {
    type Staff = { staff: { staff_id: string; status: string; invited_at: string }[]; current: number };
    const whole = (await pagesOf<Staff>('/api/admin/staff', 100))[0]!.staff;
    expect(whole).toHaveLength(STAFF);
    const removedFrom = whole.findIndex((m) => m.status === 'removed');
    expect(whole.slice(removedFrom).every((m) => m.status === 'removed')).toBe(true);
    expect(removedFrom).toBe(STAFF - REMOVED.size);
    for (const limit of [1, 2, 3]) {
      const pages = await pagesOf<Staff>('/api/admin/staff', limit);
      for (const page of pages) {
        expect(page.staff.length).toBeLessThanOrEqual(limit);
        expect(page.current).toBe(STAFF - REMOVED.size);
      }
      expect(pages.flatMap((p) => p.staff.map((m) => m.staff_id))).toEqual(whole.map((m) => m.staff_id));
    }
  });

  it('a cursor this server did not give, or a limit out of bounds, is a 400 that says so', async () => {
    const forged = (key: unknown[]) => Buffer.from(JSON.stringify(key)).toString('base64url');
    for (const [path, query] of [
      ['/api/admin/reports', 'limit=0'],
      ['/api/admin/reports', 'cursor=nope'],
      ['/api/admin/reports', `cursor=${forged(['queue', 'x', '1'])}`],
      ['/api/admin/reports', `cursor=${forged(['elsewhere', '1', '1'])}`],
      ['/api/admin/staff', 'limit=101'],
      ['/api/admin/staff', `cursor=${forged(['2', new Date().toISOString(), 'x'])}`],
      ['/api/admin/staff', `cursor=${forged(['0', 'yesterday', 'x'])}`],
    ]) {
      const refused = await fetch(`${api.baseUrl}${path}?${query}`, { headers: admin });
      expect(refused.status, `${path}?${query}`).toBe(400);
      expect(((await refused.json()) as { detail?: string }).detail).toBeTruthy();
    }
  });

  it('each page of the two tabs has an index to use', async () => {
    const plans: Record<string, string> = {
      'the hidden stories': `select id from stories where hidden_reason is not null and position < 1000 order by position desc limit 11`,
      "a page's open appeals": `select * from moderation_appeals where story_id in ('a', 'b') and outcome is null`,
      'a page of the staff': `select * from staff where (case when status = 'removed' then 1 else 0 end) = 0 and (invited_at, staff_id) < (now(), 'x') order by (case when status = 'removed' then 1 else 0 end), invited_at desc, staff_id desc limit 101`,
    };
    for (const [name, query] of Object.entries(plans)) {
      const plan = await api.db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        const rows = await sql<{ 'QUERY PLAN': string }>`explain ${sql.raw(query)}`.execute(trx);
        return rows.rows.map((row) => row['QUERY PLAN']).join('\n');
      });
      expect(plan, name).not.toMatch(/Seq Scan/);
    }
  });
});
