import { randomUUID } from 'node:crypto';
import { premiumHistoryEventTypes, streams } from '@nocturne/events';
import { verifyHashChain } from '@nocturne/events/store/postgres/verify-chain';
import { given, storyPublished } from '@nocturne/events/testing';
import { generate } from 'otplib';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../config';
import { LOCAL_SHOP_ID, startLocalProcessor } from '../local-processor/local-processor';
import { startTestSystem, type TestSystem } from '../system/test-system';
import { DEMO_READER_EMAIL } from './create-demo';
import { DEMO_MEMBERS } from './demo-members';
import { keptDemoStaff } from './demo-staff';
import { demoOnFirstStart, keptDemoCreator, keptDemoReader } from './first-start';
import { DEMO_CREATORS } from './library';

interface ListedStory {
  id: string;
  images: string[];
  isPremium: boolean;
  slides?: number;
  tags: string[];
  warnings: string[];
  rating: string;
  creator: { name: string; handle: string | null };
}

let system: TestSystem | undefined;
afterEach(async () => {
  await system?.stop();
  system = undefined;
});

/** `npm start` without DATABASE_URL (the embedded database), with the environment's DEMO. */
const embeddedStart = (env: Record<string, string> = {}) => parseConfig(env);

async function adminStories(s: TestSystem): Promise<ListedStory[]> {
  await s.settle();
  const validate = await fetch(`${s.baseUrl}/api/admin/validate`, {
    method: 'POST',
    headers: { 'X-Admin-Code': s.config.adminPassword },
  });
  const { token } = (await validate.json()) as { token: string };
  const list = await fetch(`${s.baseUrl}/api/stories`, { headers: { 'X-Admin-Code': token } });
  return (await list.json()) as ListedStory[];
}

describe('the demo library on a first start', () => {
  it('fills an empty log with illustrated stories and a premium reader who can log in', async () => {
    // As the product runs: no verification token in signup answers.
    system = await startTestSystem({ exposeVerificationToken: false });
    const reader = await demoOnFirstStart(embeddedStart(), system.config, system.infra, () => {});
    expect(reader?.email).toBe(DEMO_READER_EMAIL);
    expect(keptDemoReader(system.config.dataDir)).toEqual(reader);

    const stories = await adminStories(system);
    expect(stories.length).toBeGreaterThanOrEqual(12);
    for (const story of stories) {
      expect(story.slides).toBeGreaterThanOrEqual(3);
      expect(story.slides).toBeLessThanOrEqual(6);
      expect(story.images).toHaveLength(story.slides!);
    }
    expect(stories.filter((s) => s.isPremium).length * 3).toBe(stories.length);
    // Every story carries curated tags, and some a content warning.
    const curated = ((await (await fetch(`${system.baseUrl}/api/tags`)).json()) as { tags: string[] }).tags;
    for (const story of stories) {
      expect(story.tags.length).toBeGreaterThan(0);
      for (const tag of story.tags) expect(curated).toContain(tag);
    }
    expect(stories.some((s) => s.warnings.length > 0)).toBe(true);
    // Stories of each rating.
    expect(new Set(stories.map((s) => s.rating))).toEqual(new Set(['general', 'mature', 'explicit']));
    // Every slide its own picture: no image is used twice across the library.
    const images = stories.flatMap((s) => s.images);
    expect(new Set(images).size).toBe(images.length);
    // Visitors see them too (the free ones in full, the premium ones locked).
    const anonymous = (await (await fetch(`${system.baseUrl}/api/stories`)).json()) as ListedStory[];
    expect(anonymous).toHaveLength(stories.length);

    const login = await fetch(`${system.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: reader!.email, password: reader!.password }),
    });
    expect(login.status).toBe(200);
    const { user, token } = (await login.json()) as {
      token: string;
      user: { email: string; is_subscribed: boolean; premium_stories_remaining: number };
    };
    // Four premium stories opened over the year, one given back when its creator unpublished it.
    expect(user).toEqual({ email: DEMO_READER_EMAIL, is_subscribed: true, premium_stories_remaining: 27 });
    await system.settle();
    const { baseUrl } = system;
    const myPremium = (await (
      await fetch(`${baseUrl}/api/me/premium`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { unlocks: { returned_at: string | null }[] };
    expect(myPremium.unlocks).toHaveLength(4);
    expect(myPremium.unlocks.filter((u) => u.returned_at !== null)).toHaveLength(1);
    // The reader has a library: a story to continue, one read, two saved.
    const shelf = async (name: string) =>
      (
        (await (
          await fetch(`${baseUrl}/api/me/library?shelf=${name}`, {
            headers: { Authorization: `Bearer ${token}` },
          })
        ).json()) as ListedStory[]
      ).length;
    expect([await shelf('continue'), await shelf('read'), await shelf('saved')]).toEqual([1, 1, 2]);
    // Every story has its creator's pen name; the reader follows one creator and was told of
    // the stories that creator published after the follow.
    const names = new Set(anonymous.map((s) => s.creator.name));
    expect([...names].sort()).toEqual(DEMO_CREATORS.map((c) => c.penName).sort());
    expect(anonymous.every((s) => s.creator.handle !== null)).toBe(true);
    const followed = DEMO_CREATORS[0]!.penName;
    expect(await shelf('following')).toBe(anonymous.filter((s) => s.creator.name === followed).length);
    const notifications = (await (
      await fetch(`${baseUrl}/api/me/notifications`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { unread: number; items: { creator: { name: string } }[] };
    expect(notifications.unread).toBeGreaterThan(0);
    expect(notifications.items.every((n) => n.creator.name === followed)).toBe(true);
    const digest = await fetch(`${baseUrl}/api/me/email-digest`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(await digest.json()).toEqual({ enabled: true });
    // The followed creator, kept for the banner, has a studio with the reader's views and likes.
    const creator = keptDemoCreator(system.config.dataDir)!;
    expect(creator.email).toBe(DEMO_CREATORS[0]!.email);
    const creatorLogin = (await (
      await fetch(`${baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(creator),
      })
    ).json()) as { token: string };
    const studio = (await (
      await fetch(`${baseUrl}/api/me/studio`, { headers: { Authorization: `Bearer ${creatorLogin.token}` } })
    ).json()) as { stories: { views: number }[]; daily: { views: number }[] };
    expect(studio.stories.length).toBe(await shelf('following'));
    expect(studio.daily.reduce((sum, d) => sum + d.views, 0)).toBeGreaterThan(0);
    // ...a draft and a draft scheduled days ahead, and their first story as they revised it.
    const { drafts } = (await (
      await fetch(`${baseUrl}/api/me/drafts`, { headers: { Authorization: `Bearer ${creatorLogin.token}` } })
    ).json()) as { drafts: { publishAt: string | null }[] };
    expect(drafts.map((d) => d.publishAt !== null).sort()).toEqual([false, true]);
    const scheduledAt = Date.parse(drafts.find((d) => d.publishAt !== null)!.publishAt!);
    expect(scheduledAt).toBeGreaterThan(Date.now() + 86_400_000);
    const revised = (await (
      await fetch(`${baseUrl}/api/search?q=${encodeURIComponent('cypress')}`, {
        headers: { Authorization: `Bearer ${creatorLogin.token}` },
      })
    ).json()) as { id: string }[];
    expect(revised).toHaveLength(1);
    // A moderator and an auditor, kept for the banner, who sign in with a code from their secret.
    const staff = keptDemoStaff(system.config.dataDir);
    expect(staff.map((m) => m.role)).toEqual(['moderator', 'auditor']);
    for (const member of staff) {
      const staffLogin = await fetch(`${baseUrl}/api/staff/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          email: member.email,
          password: member.password,
          code: await generate({ secret: member.totpSecret }),
        }),
      });
      expect(staffLogin.status, await staffLogin.clone().text()).toBe(200);
      expect(((await staffLogin.json()) as { role: string }).role).toBe(member.role);
    }
    // Two open reports wait in the moderation queue: a member's and a visitor's, on two stories.
    const { token: adminToken } = (await (
      await fetch(`${baseUrl}/api/admin/validate`, {
        method: 'POST',
        headers: { 'X-Admin-Code': system.config.adminPassword },
      })
    ).json()) as { token: string };
    const queue = (await (
      await fetch(`${baseUrl}/api/admin/reports`, { headers: { 'X-Admin-Code': adminToken } })
    ).json()) as { open: number; stories: { reports: { reporter_kind: string }[] }[] };
    expect(queue.open).toBe(2);
    expect(queue.stories.flatMap((s) => s.reports.map((r) => r.reporter_kind)).sort()).toEqual([
      'member',
      'visitor',
    ]);
    // A year of history: the growth chart has twelve months and more with sign-ups, and the log
    // holds purchases, grants, a revocation, unlocks, a return and an erasure recorded over that year.
    const growth = (await (
      await fetch(`${baseUrl}/api/admin/users/monthly-stats`, { headers: { 'X-Admin-Code': adminToken } })
    ).json()) as { monthly_stats: { month: string; registrations: number; premium: number }[] };
    expect(growth.monthly_stats.length).toBeGreaterThanOrEqual(12);
    expect(growth.monthly_stats.filter((m) => m.registrations > 0).length).toBeGreaterThanOrEqual(10);
    expect(growth.monthly_stats.filter((m) => m.premium > 0).length).toBeGreaterThanOrEqual(6);
    const log = await system.infra.store.readAll(0, 100_000);
    const typesOf = new Set(log.map((e) => e.type));
    for (const type of premiumHistoryEventTypes) expect(typesOf, type).toContain(type);
    const times = log.map((e) => e.recordedAt.getTime());
    expect(times.at(-1)! - times[0]!).toBeGreaterThan(360 * 24 * 3_600_000);
    // Record times follow positions, as in a live log.
    expect(times.every((t, i) => i === 0 || t >= times[i - 1]!)).toBe(true);
    // A backdated history is chained like any other: the log verifies intact.
    expect(await verifyHashChain(system.config.databaseUrl)).toMatchObject({ intact: true });
  });

  it('buys through the local processor when one runs: a year of revenue, a refund and a chargeback', async () => {
    const signatureKey = 'demo-processor-key';
    system = await startTestSystem({ exposeVerificationToken: false });
    const processor = await startLocalProcessor({
      dataDir: system.config.dataDir,
      port: 0,
      shopId: LOCAL_SHOP_ID,
      signatureKey,
      postbackUrl: `${system.baseUrl}/api/payments/notices`,
    });
    try {
      const config = {
        ...system.config,
        payments: {
          provider: 'local' as const,
          shopId: LOCAL_SHOP_ID,
          signatureKey,
          orderUrl: `${processor.url}/startorder`,
          descriptor: 'NOCTURNE DEMO',
        },
      };
      expect(
        await demoOnFirstStart(embeddedStart(), config, system.infra, () => {}, processor),
      ).not.toBeNull();
      await system.settle();
      const buyers = DEMO_MEMBERS.filter((m) => m.verified && m.amount !== null);
      const sales = processor.ledger.transactions.filter((t) => t.kind === 'sale');
      // The demo reader and every member who buys, each once, every notice delivered.
      expect(sales).toHaveLength(buyers.length + 1);
      expect(processor.ledger.outbox).toHaveLength(0);
      const { token } = (await (
        await fetch(`${system.baseUrl}/api/admin/validate`, {
          method: 'POST',
          headers: { 'X-Admin-Code': system.config.adminPassword },
        })
      ).json()) as { token: string };
      const admin = { 'X-Admin-Code': token };
      const { revenue } = (await (
        await fetch(`${system.baseUrl}/api/admin/revenue?period=month`, { headers: admin })
      ).json()) as { revenue: Array<{ gross: number; refunds: number; chargebacks: number }> };
      const total = (key: 'gross' | 'refunds' | 'chargebacks') =>
        revenue.reduce((sum, row) => sum + row[key], 0);
      expect(revenue.length).toBeGreaterThan(6);
      expect(total('gross')).toBe(15 + buyers.reduce((sum, m) => sum + m.amount!, 0));
      expect(total('refunds')).toBe(DEMO_MEMBERS.find((m) => m.revokedAfter !== null)!.amount);
      expect(total('chargebacks')).toBe(DEMO_MEMBERS.find((m) => m.chargedBackAfter !== null)!.amount);
      const users = (await (
        await fetch(`${system.baseUrl}/api/admin/users?limit=100`, { headers: admin })
      ).json()) as { users: Array<{ email: string; flagged_for_staff: boolean }> };
      expect(users.users.filter((u) => u.flagged_for_staff).map((u) => u.email)).toEqual([
        DEMO_MEMBERS.find((m) => m.chargedBackAfter !== null)!.email,
      ]);
    } finally {
      await processor.stop();
    }
  });

  it('leaves a log that holds anything as it is', async () => {
    system = await startTestSystem();
    const event = storyPublished();
    await given(system.infra.store, streams.story(event.data.storyId), [event], 'no_stream');
    const head = await system.infra.store.headPosition();

    expect(await demoOnFirstStart(embeddedStart(), system.config, system.infra, () => {})).toBeNull();
    expect(await system.infra.store.headPosition()).toBe(head);
    expect(keptDemoReader(system.config.dataDir)).toBeNull();
    expect(await adminStories(system)).toHaveLength(1);
  });

  it('creates nothing with DEMO=0, nor with DATABASE_URL set', async () => {
    system = await startTestSystem();
    const off = [
      embeddedStart({ DEMO: '0' }),
      embeddedStart({ DATABASE_URL: `postgres://someone@db.example/${randomUUID()}` }),
    ];
    for (const raw of off) {
      expect(await demoOnFirstStart(raw, system.config, system.infra, () => {})).toBeNull();
    }
    expect(await system.infra.store.headPosition()).toBe(0);
    expect(keptDemoReader(system.config.dataDir)).toBeNull();
  });
});
