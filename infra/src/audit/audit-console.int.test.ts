import { randomUUID } from 'node:crypto';
import { streams } from '@nocturne/events';
import { given, storyPublished, userRegistered } from '@nocturne/events/testing';
import { addressLookupRefused } from '@nocturne/query-api';
import { adminToken, apiCall, createVerifiedUser, setPremium } from '@nocturne/test-kit/api-client';
import { type ApiStaff, createStaffMember } from '@nocturne/test-kit/staff-api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSystem, type TestSystem } from '../system/test-system';

/**
 * The auditor's console over HTTP: an account's timeline as of an instant and after erasure,
 * the event browser's paging while events are appended, a correlation id, and personal fields
 * sealed for the auditor and opened for the owner.
 */
let system: TestSystem;
let owner: string;
let auditor: ApiStaff;
let admin: ApiStaff;

beforeAll(async () => {
  // More signups a minute than a client may make: these tests make several members.
  system = await startTestSystem({}, { accountRateLimits: { signupPerMinute: 40, loginPerMinute: 80 } });
  owner = await adminToken(system.baseUrl, system.config.adminPassword);
  auditor = await createStaffMember(system.baseUrl, owner, 'auditor');
  admin = await createStaffMember(system.baseUrl, owner, 'admin');
}, 120_000);
afterAll(async () => {
  await system?.stop();
});

async function get<T>(path: string, token: string, status = 200): Promise<T> {
  const answer = await apiCall(system.baseUrl, 'GET', path, { admin: token });
  expect(answer.status, `${path}: ${answer.text}`).toBe(status);
  return answer.body as T;
}

interface Timeline {
  account: string;
  erased: boolean;
  email: string | null;
  rows: {
    event: string;
    amount: number | null;
    discount: number | null;
    transaction_id: string | null;
    payment_method: string | null;
    by: string;
    staff_id: string | null;
  }[];
  state: { premium: boolean; stories_remaining: number; stories_unlocked: string[] };
}
interface Shown {
  position: number;
  stream: string;
  version: number;
  type: string;
  data: Record<string, unknown>;
  actor: Record<string, unknown>;
  by: string | null;
  correlation_id: string;
  causation_id: string;
}
interface EventPage {
  events: Shown[];
  next: number | null;
}

const pause = () => new Promise((resolve) => setTimeout(resolve, 30));

describe('looking accounts up by address', () => {
  it("is the owner's and the admins': an auditor's lookup by address is refused, and its search matches account ids only", async () => {
    const user = await createVerifiedUser(system.baseUrl, { prefix: 'probe' });
    const unknown = `nobody-${randomUUID()}@example.com`;
    const address = encodeURIComponent(user.email);
    const part = user.email.split('@')[0]!;
    const lookups = (email: string) => [
      `/api/admin/users?email=${encodeURIComponent(email)}`,
      `/api/admin/users/${encodeURIComponent(email)}/history`,
      `/api/admin/audit/timeline?email=${encodeURIComponent(email)}`,
    ];
    // The auditor: the same 403 for an address with an account and one without.
    for (const email of [user.email, unknown]) {
      for (const path of lookups(email)) {
        const answer = await apiCall(system.baseUrl, 'GET', path, { admin: auditor.token });
        expect(answer.status, path).toBe(403);
        // The history by address is the managers' by the role table; the others name the rule.
        if (!path.endsWith('/history')) expect(answer.body, path).toEqual({ detail: addressLookupRefused });
      }
    }
    // Part of the address matches nothing for the auditor: the search reads account ids.
    type Users = { users: { account_id: string; email: string }[] };
    const search = (token: string) =>
      get<Users>(`/api/admin/users?q=${encodeURIComponent(part)}`, token).then((a) => a.users);
    expect(await search(auditor.token)).toEqual([]);
    // A payment the member reported: the auditor sees what they typed "sealed", as the event
    // browser shows it; the owner sees it.
    const confirm = await apiCall(system.baseUrl, 'POST', '/api/payment/confirm', {
      token: user.token,
      body: { amount: 10, transaction_id: `TX-${part}`, payment_method: 'paypal' },
    });
    expect(confirm.status).toBe(200);
    type Payments = { payments: { email: string; transaction_id: string | null; payment_method: string }[] };
    const pending = (token: string) =>
      apiCall(system.baseUrl, 'GET', '/api/admin/payments?limit=100', {
        admin: token,
        after: confirm.position,
      }).then((answer) => (answer.body as Payments).payments);
    expect(await pending(auditor.token)).toContainEqual(
      expect.objectContaining({ email: 'sealed', transaction_id: 'sealed', payment_method: 'sealed' }),
    );
    expect(JSON.stringify(await pending(auditor.token))).not.toContain(part);
    expect(await pending(owner)).toContainEqual(
      expect.objectContaining({ email: user.email, transaction_id: `TX-${part}`, payment_method: 'paypal' }),
    );
    // The owner and an admin find the account by its address, whole or in part.
    for (const token of [owner, admin.token]) {
      expect((await search(token)).map((u) => u.email)).toEqual([user.email]);
      expect((await get<Users>(`/api/admin/users?email=${address}`, token)).users).toHaveLength(1);
      await get(`/api/admin/users/${address}/history`, token);
      await get(`/api/admin/audit/timeline?email=${address}`, token);
    }
  });
});

describe('the account timeline', () => {
  it('shows purchases, grants and revocations by whom, the state as of an instant, and nothing personal once erased', async () => {
    const user = await createVerifiedUser(system.baseUrl, { prefix: 'timeline' });
    const confirm = await fetch(`${system.baseUrl}/api/payment/confirm`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${user.token}` },
      body: JSON.stringify({ amount: 10, transaction_id: 'TL-77', payment_method: 'paypal' }),
    });
    expect(confirm.status).toBe(200);
    await pause();
    const beforeGrant = new Date().toISOString();
    await pause();
    await setPremium(system.baseUrl, admin.token, user.email, true);
    await pause();
    const granted = new Date().toISOString();
    await pause();
    await setPremium(system.baseUrl, owner, user.email, false);

    // The owner finds the account by its address; the auditor, who reads no addresses, by its id.
    const byAddress = `/api/admin/audit/timeline?email=${encodeURIComponent(user.email)}`;
    const { account } = await get<Timeline>(byAddress, owner);
    const q = (extra: string) => `/api/admin/audit/timeline?account=${account}${extra}`;
    const now = await get<Timeline>(q(''), auditor.token);
    // The auditor sees personal fields sealed, as the event browser shows them.
    expect(now.email).toBe('sealed');
    expect(JSON.stringify(now)).not.toContain(user.email);
    expect(JSON.stringify(now)).not.toContain('TL-77');
    expect(now.rows.map((r) => r.event)).toEqual([
      'UserRegistered',
      'EmailVerified',
      'PaymentConfirmationSubmitted',
      'PremiumGranted',
      'PremiumRevoked',
    ]);
    const [, , purchase, grant, revoke] = now.rows;
    expect(purchase).toMatchObject({
      amount: 10,
      discount: 5,
      transaction_id: 'sealed',
      payment_method: 'sealed',
      by: 'the user',
    });
    // The auditor reads no staff address: the member is named by their staff id, with their role.
    expect(grant).toMatchObject({
      staff_id: admin.staffId,
      by: `staff member ${admin.staffId.slice(0, 8)} (Admin)`,
    });
    expect(revoke).toMatchObject({ staff_id: null, by: 'the owner (Owner)' });
    const byOwner = await get<Timeline>(byAddress, owner);
    expect(byOwner.email).toBe(user.email);
    expect(byOwner.rows[2]).toMatchObject({ transaction_id: 'TL-77', payment_method: 'paypal' });
    expect(byOwner.rows[3]).toMatchObject({ staff_id: admin.staffId, by: `${admin.email} (Admin)` });
    // The user's history in the panel names them the same way.
    const history = (token: string) =>
      get<{ timeline: { type: string; by: string }[] }>(
        `/api/admin/users/${encodeURIComponent(user.email)}/history`,
        token,
      ).then(({ timeline }) => timeline.filter((e) => e.type.startsWith('Premium')).map((e) => e.by));
    expect(await history(owner)).toEqual([`${admin.email} (Admin)`, 'the owner (Owner)']);
    expect(await history(admin.token)).toEqual([`${admin.email} (Admin)`, 'the owner (Owner)']);
    expect(now.state).toMatchObject({ premium: false, stories_remaining: 0 });
    const atGrant = await get<Timeline>(q(`&as_of=${encodeURIComponent(granted)}`), auditor.token);
    expect(atGrant.state).toMatchObject({ premium: true, stories_remaining: 30 });
    expect(atGrant.rows).toHaveLength(5);
    const before = await get<Timeline>(q(`&as_of=${encodeURIComponent(beforeGrant)}`), auditor.token);
    expect(before.state).toMatchObject({ premium: false, stories_remaining: 0 });

    // The users list seals every address for the auditor too; the account id finds the timeline.
    type Users = { users: { account_id: string; email: string }[] };
    const listed = (token: string) =>
      get<Users>(`/api/admin/users?email=${encodeURIComponent(user.email)}`, token).then((a) => a.users);
    expect(await listed(owner)).toMatchObject([{ account_id: now.account, email: user.email }]);
    const byPart = (token: string, part: string) =>
      get<Users>(`/api/admin/users?q=${encodeURIComponent(part)}`, token).then((a) => a.users);
    expect(await byPart(auditor.token, now.account.slice(4, 16))).toMatchObject([
      { account_id: now.account, email: 'sealed' },
    ]);
    const page = await get<Users>('/api/admin/users?limit=100', auditor.token);
    expect(page.users.length).toBeGreaterThan(0);
    expect(page.users.every((u) => u.email === 'sealed')).toBe(true);
    expect(JSON.stringify(page)).not.toContain('@');

    const erased = await fetch(`${system.baseUrl}/api/admin/users/${encodeURIComponent(user.email)}`, {
      method: 'DELETE',
      headers: { 'X-Admin-Code': owner },
    });
    expect(erased.status).toBe(200);
    // By address an erased account is not found; by its id it is, with nothing personal.
    await get(byAddress, owner, 404);
    const byId = await get<Timeline>(`/api/admin/audit/timeline?account=${now.account}`, auditor.token);
    expect(byId.erased).toBe(true);
    expect(byId.email).toBeNull();
    expect(byId.rows.at(-1)!.event).toBe('UserDeleted');
    const afterErasure = byId.rows.find((r) => r.event === 'PaymentConfirmationSubmitted')!;
    expect(afterErasure).toMatchObject({ amount: 10, discount: 5, transaction_id: null });
    expect(JSON.stringify(byId)).not.toContain(user.email);
  });

  it('refuses a query that names no account, or two', async () => {
    for (const query of [
      '',
      `?email=a@b.c&account=${'a'.repeat(32)}`,
      '?account=nothex',
      '?email=a@b.c&as_of=yesterday',
    ]) {
      const answer = await get<{ detail: string }>(`/api/admin/audit/timeline${query}`, auditor.token, 400);
      expect(answer.detail).toBeTruthy();
    }
    await get(`/api/admin/audit/timeline?account=${randomUUID()}`, auditor.token, 404);
  });
});

describe('the event browser', () => {
  it('pages the log newest first with no gap and no repeat while events are appended', async () => {
    const story = storyPublished();
    await given(system.infra.store, streams.story(story.data.storyId), [story], 'no_stream');
    let appending = true;
    const appended = (async () => {
      let n = 0;
      while (appending) {
        await fetch(`${system.baseUrl}/api/stories/${story.data.storyId}/like`, { method: 'POST' });
        n += 1;
      }
      return n;
    })();
    const seen: number[] = [];
    let before: number | null = null;
    let top = 0;
    do {
      const page: EventPage = await get<EventPage>(
        `/api/admin/audit/events?limit=7${before === null ? '' : `&before=${before}`}`,
        auditor.token,
      );
      if (before === null) top = page.events[0]!.position;
      seen.push(...page.events.map((e) => e.position));
      before = page.next;
      await pause();
    } while (before !== null);
    appending = false;
    expect(await appended).toBeGreaterThan(0);
    // Every position from the first page's newest down to 1, once each, in order.
    expect(seen).toEqual(Array.from({ length: top }, (_, i) => top - i));
    expect(await system.infra.store.headPosition()).toBeGreaterThan(top);

    // Filtered by type and paged: exactly the log's events of that type, newest first.
    const likes: number[] = [];
    before = null;
    do {
      const page: EventPage = await get<EventPage>(
        `/api/admin/audit/events?type=StoryLiked&limit=5${before === null ? '' : `&before=${before}`}`,
        auditor.token,
      );
      expect(page.events.every((e) => e.type === 'StoryLiked')).toBe(true);
      likes.push(...page.events.map((e) => e.position));
      before = page.next;
    } while (before !== null);
    const stored = (await system.infra.store.readAll(0, 100_000)).filter((e) => e.type === 'StoryLiked');
    expect(likes).toEqual(stored.map((e) => e.position).reverse());

    // A stream's events newest first, paged by version.
    const versions: number[] = [];
    let below: number | null = null;
    do {
      const page: EventPage = await get<EventPage>(
        `/api/admin/audit/streams/${encodeURIComponent(`story_likes-${story.data.storyId}`)}/events?limit=4${below === null ? '' : `&before=${below}`}`,
        auditor.token,
      );
      versions.push(...page.events.map((e) => e.version));
      below = page.next;
    } while (below !== null);
    expect(versions).toEqual(Array.from({ length: stored.length }, (_, i) => stored.length - 1 - i));
  });

  it('filters by time range', async () => {
    const from = new Date();
    await pause();
    await createVerifiedUser(system.baseUrl, { prefix: 'ranged' });
    await pause();
    const to = new Date();
    const page = await get<EventPage>(
      `/api/admin/audit/events?type=UserRegistered,EmailVerified&from=${from.toISOString()}&to=${to.toISOString()}`,
      auditor.token,
    );
    expect(page.events.map((e) => e.type)).toEqual(['EmailVerified', 'UserRegistered']);
    const all = await system.infra.store.readAll(0, 100_000);
    const inRange = all
      .filter((e) => e.recordedAt >= from && e.recordedAt < to)
      .map((e) => e.position)
      .reverse();
    const unfiltered = await get<EventPage>(
      `/api/admin/audit/events?limit=200&from=${from.toISOString()}&to=${to.toISOString()}`,
      auditor.token,
    );
    expect(unfiltered.events.map((e) => e.position)).toEqual(inRange);
  });

  it('lists a category’s streams in pages', async () => {
    // Accounts of their own (appended as recorded; sign-ups are limited per address).
    for (let i = 0; i < 2; i++)
      await given(
        system.infra.store,
        streams.user(randomUUID().replaceAll('-', '')),
        [userRegistered()],
        'no_stream',
      );
    const names: string[] = [];
    let after: string | null = null;
    do {
      const page: { streams: { name: string; events: number }[]; next: string | null; categories: string[] } =
        await get(
          `/api/admin/audit/streams?category=user&limit=1${after ? `&after=${encodeURIComponent(after)}` : ''}`,
          auditor.token,
        );
      expect(page.categories).toEqual(
        expect.arrayContaining(['user', 'story', 'story_likes', 'reading', 'staff']),
      );
      names.push(...page.streams.map((s) => s.name));
      after = page.next;
    } while (after !== null);
    expect(names.length).toBeGreaterThanOrEqual(2);
    expect(names.every((n) => n.startsWith('user-'))).toBe(true);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual([...names].sort());
    await get(`/api/admin/audit/streams?category=nonsense`, auditor.token, 400);
  });

  it('gathers every event of one correlation id, and only those', async () => {
    const correlation = `audit-${randomUUID()}`;
    const user = await createVerifiedUser(system.baseUrl, { prefix: 'correlated' });
    const withCorrelation = {
      'X-Admin-Code': owner,
      'X-Correlation-Id': correlation,
      'Content-Type': 'application/json',
    };
    for (const on of ['true', 'false']) {
      const response = await fetch(
        `${system.baseUrl}/api/admin/users/${encodeURIComponent(user.email)}/subscription`,
        {
          method: 'PUT',
          headers: withCorrelation,
          body: JSON.stringify({ is_subscribed: on }),
        },
      );
      expect(response.status).toBe(200);
    }
    await setPremium(system.baseUrl, owner, user.email, true);
    const { events } = await get<{ events: Shown[] }>(
      `/api/admin/audit/correlations/${correlation}`,
      auditor.token,
    );
    expect(events.map((e) => e.type)).toEqual(['PremiumGranted', 'PremiumRevoked']);
    expect(events.every((e) => e.correlation_id === correlation)).toBe(true);
    // Two requests: two causations.
    expect(new Set(events.map((e) => e.causation_id)).size).toBe(2);
    const stored = (await system.infra.store.readAll(0, 100_000)).filter(
      (e) => (e.metadata as { correlationId: string }).correlationId === correlation,
    );
    expect(events.map((e) => e.position)).toEqual(stored.map((e) => e.position));
  });

  it('shows personal fields as "sealed" to the auditor and opened to the owner', async () => {
    const user = await createVerifiedUser(system.baseUrl, { prefix: 'sealed' });
    await setPremium(system.baseUrl, owner, user.email, true);
    const page = (token: string) =>
      get<EventPage>('/api/admin/audit/events?type=UserRegistered,PremiumGranted&limit=2', token);
    const [grant, registered] = (await page(auditor.token)).events;
    expect(registered!.type).toBe('UserRegistered');
    expect(registered!.data.email).toBe('sealed');
    expect(registered!.data.passwordHash).toBe('sealed');
    expect(grant!.actor).toMatchObject({ kind: 'admin', ip: 'sealed' });
    expect(JSON.stringify(await page(auditor.token))).not.toContain(user.email);
    const one = await get<Shown>(`/api/admin/audit/events/${registered!.position}`, auditor.token);
    expect(one.data.email).toBe('sealed');

    const [, opened] = (await page(owner)).events;
    expect(opened!.data.email).toBe(user.email);
    await get(`/api/admin/audit/events/999999999`, auditor.token, 404);
  });

  it('names who acted in an admin session: the staff member and role, or the owner', async () => {
    const user = await createVerifiedUser(system.baseUrl, { prefix: 'named' });
    await setPremium(system.baseUrl, admin.token, user.email, true);
    await setPremium(system.baseUrl, owner, user.email, false);
    // Newest first: this user's registration, the admin's grant and the owner's revocation.
    const latest = '/api/admin/audit/events?type=UserRegistered,PremiumGranted,PremiumRevoked&limit=3';
    const byWhom = async (token: string) =>
      Object.fromEntries((await get<EventPage>(latest, token)).events.map((e) => [e.type, e.by]));
    expect(await byWhom(auditor.token)).toMatchObject({
      UserRegistered: null,
      PremiumGranted: `staff member ${admin.staffId.slice(0, 8)} (Admin)`,
      PremiumRevoked: 'the owner (Owner)',
    });
    expect(await byWhom(owner)).toMatchObject({ PremiumGranted: `${admin.email} (Admin)` });
  });
});
