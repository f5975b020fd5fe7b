import { randomUUID } from 'node:crypto';
import type { ReportReason } from '@nocturne/domain';
import { type DomainEvent, encodeEvent, streams } from '@nocturne/events';
import { given, storyPublished, testContext } from '@nocturne/events/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestQueryApi, type TestQueryApi } from '../testing/test-query-api';

/**
 * The moderation queue by reason and by age (`?reason=`, `?age=` of GET /api/admin/reports):
 * only the queue's stories that match, a page at a time in the queue's order, never the hidden
 * stories after it; the tab's count stays the whole queue's.
 */
let api: TestQueryApi;
let admin: Record<string, string>;
const NOW = new Date('2026-11-20T12:00:00Z');
const hours = (n: number) => new Date(NOW.getTime() - n * 3_600_000);

/** Story ids by what was reported on them. */
const stories = { spamLastWeek: '', spamToday: '', illegalYesterday: '', copyrightNow: '', hidden: '' };

async function publish(): Promise<string> {
  const event = storyPublished();
  await given(api.ports.store, streams.story(event.data.storyId), [event], 'no_stream');
  return event.data.storyId;
}

/** A visitor's report, recorded `at` (the queue's age is the oldest open item's). */
async function report(storyId: string, reason: ReportReason, at: Date) {
  const reportId = randomUUID();
  const event: DomainEvent = {
    type: 'StoryReported',
    data: { storyId, reportId, reason, text: null, reporterKey: `visitor:${reportId}`, contact: null },
  };
  await api.ports.store.append(
    streams.storyReports(storyId),
    [{ ...encodeEvent(event, testContext), recordedAt: at }],
    'any',
  );
}

beforeAll(async () => {
  api = await startTestQueryApi('queue_filters', {}, { clock: () => NOW });
  stories.spamLastWeek = await publish();
  await report(stories.spamLastWeek, 'spam_or_scam', hours(24 * 8));
  stories.spamToday = await publish();
  await report(stories.spamToday, 'spam_or_scam', hours(3));
  await report(stories.spamToday, 'other', hours(2));
  stories.illegalYesterday = await publish();
  await report(stories.illegalYesterday, 'illegal_content', hours(30));
  stories.copyrightNow = await publish();
  await report(stories.copyrightNow, 'copyright', hours(0.1));
  stories.hidden = await publish();
  await given(api.ports.store, streams.story(stories.hidden), [
    { type: 'StoryHidden', data: { storyId: stories.hidden, reason: 'Against the rules.' } },
  ]);
  await api.project();
  admin = { 'X-Admin-Code': await api.adminCode() };
});
afterAll(async () => {
  await api?.stop();
});

type Queue = { open: number; stories: { story_id: string }[]; hidden: { story_id: string }[] };

async function queue(query: string): Promise<{ status: number; body: unknown; next: string | null }> {
  const response = await fetch(`${api.baseUrl}/api/admin/reports${query}`, { headers: admin });
  return {
    status: response.status,
    body: await response.json(),
    next: response.headers.get('x-next-cursor'),
  };
}

async function idsOf(query: string): Promise<string[]> {
  const answer = await queue(query);
  expect(answer.status, query).toBe(200);
  const body = answer.body as Queue;
  expect(body.open, query).toBe(4);
  return [...body.stories, ...body.hidden].map((s) => s.story_id);
}

describe('the moderation queue by reason and age', () => {
  it('narrows to the stories with an open report of a reason, and to those waiting at least an hour, a day or a week', async () => {
    // The whole queue: the urgent one first, then by the oldest open item; the hidden story after.
    expect(await idsOf('')).toEqual([
      stories.illegalYesterday,
      stories.spamLastWeek,
      stories.spamToday,
      stories.copyrightNow,
      stories.hidden,
    ]);
    expect(await idsOf('?reason=spam_or_scam')).toEqual([stories.spamLastWeek, stories.spamToday]);
    expect(await idsOf('?reason=other')).toEqual([stories.spamToday]);
    expect(await idsOf('?reason=involves_minor')).toEqual([]);
    expect(await idsOf('?age=1h')).toEqual([
      stories.illegalYesterday,
      stories.spamLastWeek,
      stories.spamToday,
    ]);
    expect(await idsOf('?age=24h')).toEqual([stories.illegalYesterday, stories.spamLastWeek]);
    expect(await idsOf('?age=7d')).toEqual([stories.spamLastWeek]);
    expect(await idsOf('?reason=spam_or_scam&age=24h')).toEqual([stories.spamLastWeek]);
  });

  it('pages a filtered queue by the same cursor, without the hidden stories after it', async () => {
    const first = await queue('?age=1h&limit=2');
    expect((first.body as Queue).stories.map((s) => s.story_id)).toEqual([
      stories.illegalYesterday,
      stories.spamLastWeek,
    ]);
    expect(first.next).not.toBeNull();
    const second = await queue(`?age=1h&limit=2&cursor=${first.next}`);
    expect((second.body as Queue).stories.map((s) => s.story_id)).toEqual([stories.spamToday]);
    expect((second.body as Queue).hidden).toEqual([]);
    expect(second.next).toBeNull();
  });

  it('a reason or an age the queue does not know is a 400 that says what is valid', async () => {
    for (const [query, detail] of [
      ['?reason=rude', 'reason must be one of'],
      ['?reason=', 'reason must be one of'],
      ['?reason=spam_or_scam&reason=other', 'reason must be given once'],
      ['?age=2d', 'age must be 1h, 24h or 7d'],
      ['?age=1h&age=7d', 'age must be given once'],
    ] as const) {
      const refused = await queue(query);
      expect(refused.status, query).toBe(400);
      expect((refused.body as { detail: string }).detail, query).toContain(detail);
    }
  });
});
