import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { reportMessages, staffMessages } from '@nocturne/domain';
import { decodeEvent, streams } from '@nocturne/events';
import {
  type ApiRequest,
  adminToken,
  apiCall,
  createVerifiedUser,
  makePng,
  publishStory,
  setPremium,
} from '@nocturne/test-kit/api-client';
import { type ApiStaff, createStaffMember } from '@nocturne/test-kit/staff-api-client';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSystem, TEST_ADMIN_PASSWORD, type TestSystem } from './test-system';

let system: TestSystem;
let admin: string;
let clients = 0;
/** Each test speaks from an address of its own (TRUST_PROXY=loopback in tests): own rate limits. */
const nextClient = () => `10.27.${Math.floor(++clients / 250)}.${(clients % 250) + 1}`;

beforeAll(async () => {
  // More signups and logins a minute than a client may make: these tests make a dozen members.
  system = await startTestSystem({}, { accountRateLimits: { signupPerMinute: 40, loginPerMinute: 80 } });
  admin = await adminToken(system.baseUrl, TEST_ADMIN_PASSWORD);
});
afterAll(async () => {
  await system?.stop();
});

/** A request from a client address of its own (reports are rate limited per client), unless given. */
const send = (method: string, path: string, request: ApiRequest = {}) =>
  apiCall(system.baseUrl, method, path, { ...request, client: request.client ?? nextClient() });

const report = (
  storyId: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
  client?: string,
) => send('POST', `/api/stories/${storyId}/reports`, { body, headers, ...(client ? { client } : {}) });
const headOf = () => system.infra.store.headPosition();

/** A story published by a member (so it has an account to tell and to appeal). */
async function publishAsMember(token: string, texts: string[], isPremium = false): Promise<string> {
  const form = new FormData();
  for (const text of texts) {
    form.append('images', new Blob([new Uint8Array(await makePng())], { type: 'image/png' }), 'slide.png');
    form.append('texts', text);
  }
  form.append('isPremium', String(isPremium));
  // A member publishes under a pen name (one per member: the token's key makes it unique).
  form.append('penName', `Creator ${token.slice(0, 8)}`);
  const response = await fetch(`${system.baseUrl}/api/stories`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': nextClient() },
    body: form,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** The development outbox's mails to `address`, as text. */
async function mailsTo(address: string): Promise<string[]> {
  await system.projector.catchUp();
  await system.reactors.drain();
  const dir = join(system.config.dataDir, 'outbox');
  const names = await readdir(dir).catch(() => [] as string[]);
  const texts = await Promise.all(names.map((name) => readFile(join(dir, name), 'utf8')));
  return texts.filter((text) => text.includes(`To: ${address}`));
}

/** Quoted-printable soft line breaks joined, so a sentence can be looked for whole. */
const unfolded = (mail: string) => mail.replace(/=\r?\n/g, '').replace(/=E2=80=99/g, '’');

describe('reports', () => {
  let storyId: string;
  beforeAll(async () => {
    storyId = (await publishStory(system.baseUrl, admin, { texts: ['A night', 'A day'] })).id;
  });

  it("takes a visitor's report with an address, and thanks them", async () => {
    const sent = await report(storyId, {
      reason: 'copyright',
      text: 'Copied from my book',
      email: 'Finder@Example.com',
    });
    expect(sent).toMatchObject({ status: 201, body: { message: 'Thanks, we review every report' } });
    // The address is sealed in the log, never plain.
    const events = await system.infra.store.readStream(`story_reports-${storyId}`);
    expect(JSON.stringify(events)).not.toMatch(/finder@example\.com/i);
  });

  it('takes one open report per story per reporter, member or visitor', async () => {
    const email = `twice-${randomUUID().slice(0, 8)}@example.com`;
    expect((await report(storyId, { reason: 'other', email })).status).toBe(201);
    const again = await report(storyId, { reason: 'spam_or_scam', email: email.toUpperCase() });
    expect(again).toMatchObject({ status: 409, body: { detail: reportMessages.alreadyReported } });
    const member = await createVerifiedUser(system.baseUrl);
    const auth = { authorization: `Bearer ${member.token}` };
    expect((await report(storyId, { reason: 'other' }, auth)).status).toBe(201);
    expect((await report(storyId, { reason: 'non_consensual', text: 'x' }, auth)).status).toBe(409);
  });

  it('refuses bad input with a 400 or 404 and records nothing', async () => {
    const before = await headOf();
    const email = 'bad-input@example.com';
    const cases: [Record<string, unknown>, string, number, string][] = [
      [{ reason: 'boring', email }, storyId, 400, reportMessages.unknownReason],
      [{ reason: 'other', text: 'x'.repeat(1001), email }, storyId, 400, reportMessages.textTooLong],
      [{ reason: 'other' }, storyId, 400, reportMessages.emailRequired],
      [{ reason: 'other', email: 'not-an-address' }, storyId, 400, reportMessages.emailRequired],
      [{ reason: 'other', email }, 'no-such-story', 404, 'Story not found'],
    ];
    for (const [body, id, status, detail] of cases) {
      expect(await report(id, body), JSON.stringify(body)).toMatchObject({ status, body: { detail } });
    }
    expect(await headOf()).toBe(before);
  });

  it('limits reports per client (429), whoever they are about', async () => {
    const client = nextClient();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await report(storyId, { reason: 'other', email: `flood-${i}@example.com` }, {}, client)).status,
      );
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('never hides anything by itself: a reported story stays in the list and readable', async () => {
    await system.settle();
    const head = String(await headOf());
    const list = await fetch(`${system.baseUrl}/api/stories`, { headers: { 'X-Min-Position': head } });
    expect(((await list.json()) as { id: string }[]).map((s) => s.id)).toContain(storyId);
    expect((await send('GET', `/api/stories/${storyId}`)).status).toBe(200);
    const queue = await send('GET', '/api/admin/reports', { headers: { 'x-admin-code': admin } });
    const queued = (
      queue.body.stories as { story_id: string; reports: unknown[]; hidden_reason: unknown }[]
    ).find((s) => s.story_id === storyId);
    expect(queued?.reports.length).toBeGreaterThanOrEqual(8);
    expect(queued?.hidden_reason).toBeNull();
  });
});

/** How many rows of the raw event table hold `text` anywhere, every column. */
async function inTheLog(text: string): Promise<number> {
  const client = new pg.Client({ connectionString: system.config.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      'select count(*)::int as n from es_events e where e::text ilike $1',
      [`%${text}%`],
    );
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

describe('what reporters write, and their erasure', () => {
  const queueOf = async (position: string | number) => {
    const queue = await send('GET', '/api/admin/reports?limit=100', {
      headers: { 'x-admin-code': admin, 'x-min-position': String(position) },
    });
    expect(queue.status).toBe(200);
    return queue.body as {
      stories: { story_id: string; reports: { report_id: string; text: string | null }[] }[];
    };
  };
  it("seals each text in the log; once the reporter is erased it is gone from the log and the queue, and the others' read as before", async () => {
    const storyId = (await publishStory(system.baseUrl, admin, { texts: ['A harbour', 'A ship'] })).id;
    const erased = await createVerifiedUser(system.baseUrl, { prefix: 'erased-reporter' });
    const kept = await createVerifiedUser(system.baseUrl, { prefix: 'kept-reporter' });
    const as = (token: string) => ({ authorization: `Bearer ${token}` });
    const words = {
      erased: `gone-${randomUUID()}`,
      kept: `kept-${randomUUID()}`,
      visitor: `seen-${randomUUID()}`,
    };
    expect((await report(storyId, { reason: 'other', text: words.erased }, as(erased.token))).status).toBe(
      201,
    );
    expect((await report(storyId, { reason: 'spam_or_scam', text: words.kept }, as(kept.token))).status).toBe(
      201,
    );
    expect(
      (await report(storyId, { reason: 'copyright', text: words.visitor, email: 'someone@example.com' }))
        .status,
    ).toBe(201);
    // A report recorded before texts were sealed: version 1, its text in plain.
    const legacyText = `old-${randomUUID()}`;
    await system.infra.store.append(
      streams.storyReports(storyId),
      [
        {
          eventId: randomUUID(),
          type: 'StoryReported',
          data: {
            storyId,
            reportId: randomUUID(),
            reason: 'other',
            text: legacyText,
            reporterKey: 'visitor:legacy',
            contact: null,
          },
          metadata: { correlationId: 'c', causationId: 'c', actor: { kind: 'system' }, schemaVersion: 1 },
        },
      ],
      'any',
    );
    // Sealed in the log, each one; opened in the queue for staff.
    for (const text of Object.values(words)) expect(await inTheLog(text), text).toBe(0);
    const before = await queueOf(await headOf());
    const texts = (queue: typeof before) =>
      queue.stories.find((s) => s.story_id === storyId)!.reports.map((r) => r.text);
    expect(texts(before)).toEqual([words.erased, words.kept, words.visitor, legacyText]);

    const deletion = await send('DELETE', `/api/admin/users/${encodeURIComponent(erased.email)}`, {
      headers: { 'x-admin-code': admin },
    });
    expect(deletion.status).toBe(200);
    const after = await queueOf(await headOf());
    expect(texts(after)).toEqual([null, words.kept, words.visitor, legacyText]);
    const history = await send('GET', `/api/admin/stories/${storyId}/moderation`, {
      headers: { 'x-admin-code': admin },
    });
    expect(history.body.reports.map((r: { text: string | null }) => r.text)).toEqual([
      null,
      words.kept,
      words.visitor,
      legacyText,
    ]);
    // Its key is gone: nothing in the vault opens what is left of it in the log.
    const [event] = (await system.infra.store.readStream(streams.storyReports(storyId))).map(decodeEvent);
    expect(
      event?.type === 'StoryReported' && (await system.infra.vault.decrypt(event.data.text!)),
    ).toBeNull();
  });
});

describe('moderation', () => {
  const word = `zq${randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 10)}x`;
  let creator: Awaited<ReturnType<typeof createVerifiedUser>>;
  let premiumMember: Awaited<ReturnType<typeof createVerifiedUser>>;
  let freeId: string;
  let premiumId: string;
  const reporterEmail = `reporter-${randomUUID().slice(0, 8)}@example.com`;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const staff = () => ({ 'x-admin-code': admin });

  beforeAll(async () => {
    creator = await createVerifiedUser(system.baseUrl, { prefix: 'creator' });
    premiumMember = await createVerifiedUser(system.baseUrl, { prefix: 'premium' });
    await setPremium(system.baseUrl, admin, premiumMember.email, true);
    freeId = await publishAsMember(creator.token, [`The ${word} garden`, 'The gate']);
    premiumId = await publishAsMember(creator.token, ['A premium night', 'A premium dawn'], true);
    await system.settle();
    // The premium member saves the free story and unlocks the premium one.
    expect(
      (await send('PUT', `/api/stories/${freeId}/saved`, { headers: as(premiumMember.token) })).status,
    ).toBe(200);
    expect(
      (await send('GET', `/api/stories/${premiumId}`, { headers: as(premiumMember.token) })).status,
    ).toBe(200);
    expect(
      (await report(freeId, { reason: 'involves_minor', text: 'Looks 15', email: reporterEmail })).status,
    ).toBe(201);
    expect((await report(premiumId, { reason: 'other', email: reporterEmail })).status).toBe(201);
    await system.settle();
  });

  /** Every place a story is served, read at `position` (X-Min-Position) as each reader would. */
  async function whereServed(id: string, position: string) {
    const min = { 'x-min-position': position };
    const ids = (body: unknown) => (body as { id: string }[]).map((s) => s.id);
    const get = async (path: string, headers: Record<string, string> = {}) => {
      const response = await fetch(`${system.baseUrl}${path}`, { headers: { ...min, ...headers } });
      return { status: response.status, body: await response.json() };
    };
    const sub = as(premiumMember.token);
    return {
      anonymousList: ids((await get('/api/stories')).body).includes(id),
      premiumMemberList: ids((await get('/api/stories', sub)).body).includes(id),
      search: ids((await get(`/api/search?q=${word}`, sub)).body).includes(id),
      saved: ids((await get('/api/me/library?shelf=saved', sub)).body).includes(id),
      unlocked: ids((await get('/api/me/library?shelf=unlocked', sub)).body).includes(id),
      visitorPage: (await get(`/api/stories/${id}`)).status,
      premiumMemberPage: (await get(`/api/stories/${id}`, sub)).status,
    };
  }

  it('hide: the story vanishes at once from every list, search and library, and its page (unlocked too) answers 451', async () => {
    const before = await whereServed(freeId, String(await headOf()));
    expect(before).toMatchObject({ anonymousList: true, premiumMemberList: true, search: true, saved: true });

    const refused = await send('POST', `/api/admin/stories/${freeId}/hide`, {
      body: { reason: ' ' },
      headers: staff(),
    });
    expect(refused).toMatchObject({ status: 400, body: { detail: reportMessages.reasonRequired } });
    const noAdmin = await send('POST', `/api/admin/stories/${freeId}/hide`, { body: { reason: 'x' } });
    expect(noAdmin.status).toBe(401);

    const reason = 'Slide 1 shows a character who looks under 18';
    const hidden = await send('POST', `/api/admin/stories/${freeId}/hide`, {
      body: { reason },
      headers: staff(),
    });
    expect(hidden).toMatchObject({ status: 200, body: { ok: true, action: 'hide' } });
    const after = await whereServed(freeId, hidden.position!);
    expect(after).toEqual({
      anonymousList: false,
      premiumMemberList: false,
      search: false,
      saved: false,
      unlocked: false,
      visitorPage: 451,
      premiumMemberPage: 451,
    });
    const page = await send('GET', `/api/stories/${freeId}`, {
      headers: { 'x-min-position': hidden.position! },
    });
    expect(page.body).toEqual({ detail: reportMessages.unavailable });
    expect((await send('POST', `/api/stories/${freeId}/like`)).status).toBe(404);
    // A visitor's plain requests, which the server's hot lane answers from the list in memory.
    await system.settle();
    const plainList = (await (await fetch(`${system.baseUrl}/api/stories`)).json()) as { id: string }[];
    expect(plainList.map((s) => s.id)).not.toContain(freeId);
    expect((await fetch(`${system.baseUrl}/api/stories/${freeId}`)).status).toBe(451);

    const premiumHidden = await send('POST', `/api/admin/stories/${premiumId}/hide`, {
      body: { reason: 'Spam' },
      headers: staff(),
    });
    const unlockedCopy = await whereServed(premiumId, premiumHidden.position!);
    expect(unlockedCopy).toMatchObject({ unlocked: false, premiumMemberPage: 451 });
  });

  it('tells the reporter and the creator the outcome and the reason by e-mail', async () => {
    const reporterMails = (await mailsTo(reporterEmail)).map(unfolded);
    expect(reporterMails.length).toBe(2);
    expect(reporterMails.join('\n')).toContain('Outcome: the story is hidden.');
    expect(reporterMails.join('\n')).toContain('Slide 1 shows a character who looks under 18');
    const creatorMails = (await mailsTo(creator.email)).map(unfolded);
    const statement = creatorMails.find((mail) =>
      mail.includes('Slide 1 shows a character who looks under 18'),
    );
    expect(statement).toContain('Subject: Your story was hidden after a review');
    expect(statement).toContain(`/appeal/${freeId}`);
  });

  it('the creator may appeal once, with a text, and the appeal returns to the queue', async () => {
    const other = await createVerifiedUser(system.baseUrl);
    const stranger = await send('POST', `/api/stories/${freeId}/appeal`, {
      body: { text: 'Not mine' },
      headers: as(other.token),
    });
    expect(stranger).toMatchObject({ status: 403, body: { detail: reportMessages.appealNotAllowed } });
    const appeal = await send('POST', `/api/stories/${freeId}/appeal`, {
      body: { text: 'Both characters are adults: slide 2 says they are 30.' },
      headers: as(creator.token),
    });
    expect(appeal.status).toBe(201);
    const again = await send('POST', `/api/stories/${freeId}/appeal`, {
      body: { text: 'Please' },
      headers: as(creator.token),
    });
    expect(again).toMatchObject({ status: 409, body: { detail: reportMessages.appealedAlready } });
    const queue = await send('GET', '/api/admin/reports', {
      headers: { ...staff(), 'x-min-position': appeal.position! },
    });
    const queued = (
      queue.body.stories as { story_id: string; appeal: { text: string } | null; hidden_reason: string }[]
    ).find((s) => s.story_id === freeId);
    expect(queued?.appeal?.text).toBe('Both characters are adults: slide 2 says they are 30.');
    // Sealed under the publishing account's key in the log.
    expect(await inTheLog('slide 2 says they are 30')).toBe(0);
    expect(queued?.hidden_reason).toBe('Slide 1 shows a character who looks under 18');
  });

  it('restore brings the story back everywhere, and hide and restore are in its history with who and why', async () => {
    const restored = await send('POST', `/api/admin/stories/${freeId}/restore`, {
      body: { reason: 'Appeal granted: the characters are adults' },
      headers: staff(),
    });
    expect(restored.status).toBe(200);
    expect(await whereServed(freeId, restored.position!)).toEqual({
      anonymousList: true,
      premiumMemberList: true,
      search: true,
      saved: true,
      unlocked: false,
      visitorPage: 200,
      premiumMemberPage: 200,
    });
    const history = await send('GET', `/api/admin/stories/${freeId}/moderation`, {
      headers: { ...staff(), 'x-min-position': restored.position! },
    });
    expect(history.body.decisions).toEqual([
      expect.objectContaining({
        action: 'hide',
        reason: 'Slide 1 shows a character who looks under 18',
        reports_closed: 1,
      }),
      expect.objectContaining({
        action: 'restore',
        reason: 'Appeal granted: the characters are adults',
        appeal_closed: true,
      }),
    ]);
    expect((history.body.decisions as { decided_by: string }[]).map((d) => d.decided_by)).toEqual([
      'the owner (Owner)',
      'the owner (Owner)',
    ]);
    const creatorMails = (await mailsTo(creator.email)).map(unfolded);
    expect(creatorMails.some((mail) => mail.includes('Appeal granted: the characters are adults'))).toBe(
      true,
    );
  });

  it('dismiss closes the reports and the story stays; delete removes it', async () => {
    const id = await publishAsMember(creator.token, ['Harmless', 'Tale']);
    await system.settle();
    expect((await report(id, { reason: 'spam_or_scam', email: reporterEmail })).status).toBe(201);
    const nothing = await send('POST', `/api/admin/reports/no-such-story/dismiss`, {
      body: { reason: 'x' },
      headers: staff(),
    });
    expect(nothing.status).toBe(404);
    const dismissed = await send('POST', `/api/admin/reports/${id}/dismiss`, {
      body: { reason: 'Not spam: a short story' },
      headers: staff(),
    });
    expect(dismissed.status).toBe(200);
    expect((await whereServed(id, dismissed.position!)).visitorPage).toBe(200);
    const twice = await send('POST', `/api/admin/reports/${id}/dismiss`, {
      body: { reason: 'x' },
      headers: staff(),
    });
    expect(twice).toMatchObject({ status: 409, body: { detail: reportMessages.nothingToDismiss } });
    expect((await mailsTo(reporterEmail)).map(unfolded).join('\n')).toContain('Not spam: a short story');

    const deleted = await send('POST', `/api/admin/stories/${id}/delete`, {
      body: { reason: 'Duplicate of another story' },
      headers: staff(),
    });
    expect(deleted.status).toBe(200);
    expect((await whereServed(id, deleted.position!)).visitorPage).toBe(404);
  });
});

describe('removals, and who decided', () => {
  let creator: Awaited<ReturnType<typeof createVerifiedUser>>;
  let moderator: ApiStaff;
  let secondModerator: ApiStaff;
  let adminMember: ApiStaff;
  const as = (member: { token: string }) => ({ 'x-admin-code': member.token });

  beforeAll(async () => {
    creator = await createVerifiedUser(system.baseUrl, { prefix: 'removed-creator' });
    moderator = await createStaffMember(system.baseUrl, admin, 'moderator');
    secondModerator = await createStaffMember(system.baseUrl, admin, 'moderator');
    adminMember = await createStaffMember(system.baseUrl, admin, 'admin');
  });

  /** The story's moderation history as `reader` reads it, once `position` is projected. */
  async function historyOf(id: string, position: string, reader: Record<string, string>) {
    const history = await send('GET', `/api/admin/stories/${id}/moderation`, {
      headers: { ...reader, 'x-min-position': position },
    });
    expect(history.status).toBe(200);
    return history.body.decisions as {
      action: string;
      reason: string;
      decided_by: string;
      decided_by_staff_id: string | null;
      decided_by_role: string | null;
    }[];
  }

  it("refuses a moderator's plain delete with a 403 that names the reasoned path, and records nothing", async () => {
    const id = await publishAsMember(creator.token, ['Still here', 'And here']);
    await system.settle();
    const before = await headOf();
    const refused = await send('DELETE', `/api/stories/${id}`, { headers: as(moderator) });
    expect(refused).toMatchObject({ status: 403, body: { detail: staffMessages.deleteByDecision } });
    expect(await headOf()).toBe(before);
    expect((await send('GET', `/api/stories/${id}`)).status).toBe(200);
  });

  it('lets a moderator remove a story only with a reason, tells the publisher why and how to appeal, and keeps it in the history', async () => {
    const id = await publishAsMember(creator.token, ['A copied tale', 'Copied still']);
    await system.settle();
    const noReason = await send('POST', `/api/admin/stories/${id}/delete`, {
      body: {},
      headers: as(moderator),
    });
    expect(noReason).toMatchObject({ status: 400, body: { detail: reportMessages.reasonRequired } });
    const reason = 'Copied from a published book without permission';
    const removed = await send('POST', `/api/admin/stories/${id}/delete`, {
      body: { reason },
      headers: as(moderator),
    });
    expect(removed).toMatchObject({ status: 200, body: { ok: true, action: 'delete' } });
    const gone = await send('GET', `/api/stories/${id}`, {
      headers: { 'x-min-position': removed.position! },
    });
    expect(gone.status).toBe(404);
    const statement = (await mailsTo(creator.email)).map(unfolded).find((mail) => mail.includes(reason));
    expect(statement).toContain('Subject: Your story was deleted after a review');
    expect(statement).toContain(`/appeal/${id}`);
    const appeal = await send('POST', `/api/stories/${id}/appeal`, {
      body: { text: 'I wrote the book myself.' },
      headers: { authorization: `Bearer ${creator.token}` },
    });
    expect(appeal.status).toBe(201);
    // One removal, the moderator's decision with its reason (not a second, plain one).
    expect(await historyOf(id, removed.position!, { 'x-admin-code': admin })).toEqual([
      {
        action: 'delete',
        reason,
        decided_by: `${moderator.email} (Moderator)`,
        decided_by_staff_id: moderator.staffId,
        decided_by_role: 'moderator',
        decided_at: expect.any(String),
        reports_closed: 0,
        appeal_closed: false,
      },
    ]);
  });

  it('names the moderator who hid a story and the one who restored it', async () => {
    const id = await publishAsMember(creator.token, ['Hidden then back', 'Back']);
    await system.settle();
    const hidden = await send('POST', `/api/admin/stories/${id}/hide`, {
      body: { reason: 'Under review for a copyright claim' },
      headers: as(moderator),
    });
    expect(hidden.status).toBe(200);
    const restored = await send('POST', `/api/admin/stories/${id}/restore`, {
      body: { reason: 'The claim was withdrawn' },
      headers: { ...as(secondModerator), 'x-min-position': hidden.position! },
    });
    expect(restored.status).toBe(200);
    // The owner and admins read staff addresses; a moderator sees each member by their staff id.
    const byOwner = await historyOf(id, restored.position!, { 'x-admin-code': admin });
    expect(byOwner.map((d) => [d.action, d.decided_by, d.decided_by_staff_id, d.decided_by_role])).toEqual([
      ['hide', `${moderator.email} (Moderator)`, moderator.staffId, 'moderator'],
      ['restore', `${secondModerator.email} (Moderator)`, secondModerator.staffId, 'moderator'],
    ]);
    const byModerator = await historyOf(id, restored.position!, as(moderator));
    expect(byModerator.map((d) => d.decided_by)).toEqual([
      `staff member ${moderator.staffId.slice(0, 8)} (Moderator)`,
      `staff member ${secondModerator.staffId.slice(0, 8)} (Moderator)`,
    ]);
    expect(JSON.stringify(byModerator)).not.toContain('@');
  });

  it("shows an admin's plain delete in the history, by the admin, without a reason", async () => {
    const id = await publishAsMember(creator.token, ['Deleted plainly', 'Gone']);
    await system.settle();
    const deleted = await send('DELETE', `/api/stories/${id}`, { headers: as(adminMember) });
    expect(deleted.status).toBe(200);
    expect(await historyOf(id, deleted.position!, { 'x-admin-code': admin })).toEqual([
      expect.objectContaining({
        action: 'delete',
        reason: '',
        decided_by: `${adminMember.email} (Admin)`,
        decided_by_staff_id: adminMember.staffId,
        decided_by_role: 'admin',
      }),
    ]);
  });
});
