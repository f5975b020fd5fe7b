import { randomBytes } from 'node:crypto';
import {
  createPaymentNoticeReceiver,
  createPremiumUnlocker,
  type PaymentNoticeReceiver,
  type PremiumUnlocker,
  paymentProcessorOf,
} from '@nocturne/command-api';
import { handleOf } from '@nocturne/domain';
import { backdatedStore } from '@nocturne/events/store';
import { locateUserToken } from '@nocturne/http-kit/auth';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { AppConfig } from '../config';
import type { LocalProcessor } from '../local-processor/local-processor';
import { type CommandPorts, commandDepsFrom } from '../system/deps';
import { buildHttpApp } from '../system/http-app';
import { assureDemoCreators } from './demo-age-checks';
import { DAY_MS, DEMO_HISTORY_DAYS, DemoClock } from './demo-clock';
import { DEMO_DRAFT_UPLOADS, giveTheCreatorDrafts } from './demo-drafts';
import { DEMO_MEMBERS, type DemoMember } from './demo-members';
import { type DemoStaffMember, inviteDemoStaff } from './demo-staff';
import { giveTheUnlockBack, WITHDRAWN_STORY, WITHDRAWN_STORY_CREATOR } from './demo-withdrawn';
import { illustration } from './illustrate';
import { DEMO_CREATORS, DEMO_LIBRARY, DEMO_TAGS, type DemoStory } from './library';

/** The demo reader's address: `.example` is reserved (RFC 2606), so no mail reaches a person. */
export const DEMO_READER_EMAIL = 'reader@demo.nocturne.example';

export interface DemoReader {
  email: string;
  password: string;
}

export interface CreatedDemo {
  reader: DemoReader;
  /** The creator the reader follows: their studio and page show what the demo's readers did. */
  creator: DemoReader;
  storyIds: string[];
  /** A moderator and an auditor, enrolled, for trying the roles. */
  staff: DemoStaffMember[];
}

/**
 * The address the seeding requests come from: a documentation address (RFC 5737) no real client
 * has, so the rate-limit counters of the people on the site (127.0.0.1 on a laptop) stay untouched.
 */
const SEEDING_ADDRESS = '192.0.2.1';

/**
 * A command-api of its own for the seeding, built like the product's (same routes, same
 * validation, same image pipeline) on the same event store, vault and security store. It listens
 * on no port: only this code reaches it. Two settings differ, both for that reason: the publish,
 * signup and login limits allow the library and a year of members in seconds (the product allows
 * 10 stories, 5 signups and 10 logins a minute), and the signup answer carries the
 * verification token (EXPOSE_VERIFICATION_TOKEN), as the mail would.
 */
async function seedingApp(
  config: AppConfig,
  ports: CommandPorts,
  clock: () => Date,
): Promise<FastifyInstance> {
  const command = await commandDepsFrom({ ...config, exposeVerificationToken: true }, ports, clock, {
    // A year of sign-ups and logins from one address in a few seconds.
    accountRateLimits: {
      publishPerMinute: DEMO_LIBRARY.length + 1 + DEMO_DRAFT_UPLOADS,
      signupPerMinute: 100,
      loginPerMinute: 200,
    },
  });
  return buildHttpApp({ command, logLevel: 'silent', publicUrl: config.publicUrl });
}

/** One request to the seeding app; a refusal stops the seeding with its status and detail. */
async function send(
  app: FastifyInstance,
  what: string,
  request: Pick<InjectOptions, 'method' | 'url' | 'headers' | 'payload'>,
): Promise<Record<string, unknown>> {
  const response = await app.inject({ ...request, remoteAddress: SEEDING_ADDRESS });
  if (response.statusCode >= 300) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
  // A view is answered 204, with no body.
  return response.body ? (response.json() as Record<string, unknown>) : {};
}

/** A story's pictures, drawn for it (`index` picks the seeded variations). */
async function drawnImages(story: DemoStory, index: number): Promise<Blob[]> {
  const images = await Promise.all(
    story.texts.map((_, slide) => illustration(story.look, index * 16 + slide)),
  );
  return images.map((image) => new Blob([new Uint8Array(image)], { type: 'image/jpeg' }));
}

function storyForm(story: DemoStory, images: readonly Blob[]): FormData {
  const form = new FormData();
  for (const [slide, text] of story.texts.entries()) {
    form.append('images', images[slide]!, `slide-${slide + 1}.jpg`);
    form.append('texts', text);
  }
  form.append('isPremium', story.isPremium ? 'true' : 'false');
  for (const tag of story.tags) form.append('tags', tag);
  for (const warning of story.warnings) form.append('warnings', warning);
  form.append('rating', story.rating);
  return form;
}

/** Signs an account up, verifies its address (the seeding app answers the token) and logs in: its headers. */
async function memberHeaders(
  app: FastifyInstance,
  who: string,
  account: { email: string; password: string },
): Promise<Record<string, string>> {
  const { verification_token } = await send(app, `${who} signup`, {
    method: 'POST',
    url: '/api/auth/signup',
    payload: { ...account, age_confirmed: true },
  });
  await send(app, `${who} verification`, {
    method: 'POST',
    url: '/api/auth/verify-email',
    payload: { token: verification_token },
  });
  const { token } = await send(app, `${who} login`, {
    method: 'POST',
    url: '/api/auth/login',
    payload: account,
  });
  return { authorization: `Bearer ${String(token)}` };
}

/** Logs an account in: its headers, for a step at its own time. */
async function signedIn(
  app: FastifyInstance,
  who: string,
  account: { email: string; password: string },
): Promise<Record<string, string>> {
  const { token } = await send(app, `${who} login`, {
    method: 'POST',
    url: '/api/auth/login',
    payload: account,
  });
  return { authorization: `Bearer ${String(token)}` };
}

/**
 * The demo reader's library, made by reading as people do: every free story viewed and every
 * other one liked, one started (Continue reading), one read to The End, and two kept in Saved.
 */
async function giveTheReaderALibrary(
  app: FastifyInstance,
  reader: { email: string; password: string },
  storyIds: string[],
): Promise<void> {
  const { token } = await send(app, 'demo reader login', {
    method: 'POST',
    url: '/api/auth/login',
    payload: reader,
  });
  const headers = { authorization: `Bearer ${String(token)}` };
  const free = storyIds.filter((_, i) => !DEMO_LIBRARY[i]!.isPremium);
  const [started, read, kept] = free;
  const reading = (what: string, method: 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
    send(app, `demo reader: ${what}`, { method, url, headers, ...(payload ? { payload } : {}) });
  if (!started || !read || !kept) return;
  // Views and likes as a reader leaves them: the creators' studios have numbers to show.
  for (const [i, id] of storyIds.entries()) {
    if (DEMO_LIBRARY[i]!.isPremium) continue;
    await reading('view', 'POST', `/api/stories/${id}/view`);
    if (i % 2 === 0) await reading('like', 'POST', `/api/stories/${id}/like`);
  }
  await reading('progress', 'PUT', `/api/stories/${started}/progress`, { slide: 1 });
  await reading('progress', 'PUT', `/api/stories/${read}/progress`, { slide: 2 });
  await reading('finished', 'PUT', `/api/stories/${read}/finished`);
  await reading('saved', 'PUT', `/api/stories/${kept}/saved`);
  await reading('saved', 'PUT', `/api/stories/${started}/saved`);
}

/** The demo visitor who reported a story: `.example`, so the outcome mail reaches no one. */
export const DEMO_VISITOR_EMAIL = 'visitor@demo.nocturne.example';

/**
 * Two open reports for the moderation queue, sent as people send them: the demo reader reports a
 * free story from their account, a visitor reports another with an address for the answer.
 */
async function reportTwoStories(
  app: FastifyInstance,
  reader: { email: string; password: string },
  storyIds: string[],
): Promise<void> {
  const free = storyIds.filter((_, i) => !DEMO_LIBRARY[i]!.isPremium);
  const [byReader, byVisitor] = free.slice(-2);
  if (!byReader || !byVisitor) return;
  const { token } = await send(app, 'demo reader login', {
    method: 'POST',
    url: '/api/auth/login',
    payload: reader,
  });
  await send(app, 'demo report by the reader', {
    method: 'POST',
    url: `/api/stories/${byReader}/reports`,
    headers: { authorization: `Bearer ${String(token)}` },
    payload: { reason: 'non_consensual', text: 'Slide 3 reads as if she did not agree. Please check.' },
  });
  await send(app, 'demo report by a visitor', {
    method: 'POST',
    url: `/api/stories/${byVisitor}/reports`,
    payload: {
      reason: 'copyright',
      text: 'The first picture looks like a painting from my portfolio.',
      email: DEMO_VISITOR_EMAIL,
    },
  });
}

/** A step of the demo's history, at a time after the history's start. */
interface Step {
  at: Date;
  run(): Promise<void>;
}

/**
 * The demo library, made the way people make it: the admin signs in to the panel and adds the
 * curated tags; three creators sign up and publish every story with its tags and warnings under
 * their pen names (multipart POST /api/stories, through the upload pipeline); a reader signs up,
 * verifies the address and follows one creator (told of that creator's later stories, in the
 * bell and in the daily e-mail digest, which the reader turned on); and
 * the admin grants that reader premium, and invites a moderator and an auditor, who set their
 * passwords and enrol an authenticator; the reader and a visitor each report a story (two open
 * reports in the moderation queue). Only commands are sent; the projector builds the pages
 * from the events they append, as for anything else.
 *
 * It all happens over the last twelve months: the seeding's clock is set to each step's time
 * and its events are recorded then (backdatedStore), so the growth chart has a year of months and
 * the auditor's console a year of purchases, grants, revocations, unlocks and an erasure
 * (demo-members.ts). The steps that need today's time (the staff's authenticator codes, the
 * reader's library, the open reports, and a premium story the reader unlocked, unpublished and
 * its unlock given back) come last, now.
 */
export async function createDemoLibrary(
  config: AppConfig,
  ports: CommandPorts,
  now: () => Date = () => new Date(),
  processor: LocalProcessor | null = null,
): Promise<CreatedDemo> {
  const start = new Date(now().getTime() - DEMO_HISTORY_DAYS * DAY_MS);
  const clock = new DemoClock(start);
  const backdated = { ...ports, store: backdatedStore(ports.store, clock.now) };
  const app = await seedingApp(config, backdated, clock.now);
  const unlock = createPremiumUnlocker({
    store: backdated.store,
    notifier: ports.notifier,
    clock: clock.now,
  });
  const dayAt = (day: number, hour = 10) => new Date(start.getTime() + day * DAY_MS + hour * 3_600_000);
  // With the local processor, the members buy through it (its notices grant premium), at their times.
  const adapter = paymentProcessorOf(config.payments);
  const pay =
    processor && adapter
      ? processorPayments(
          app,
          processor,
          createPaymentNoticeReceiver(
            { store: backdated.store, notifier: ports.notifier, clock: clock.now },
            adapter,
          ),
          clock.now,
          config.discountCode,
        )
      : null;
  try {
    const { token: adminToken } = await send(app, 'admin sign-in', {
      method: 'POST',
      url: '/api/admin/validate',
      headers: { 'x-admin-code': config.adminPassword },
    });
    const admin = { 'x-admin-code': String(adminToken) };
    const steps: Step[] = [];
    const at = (when: Date, run: () => Promise<unknown>) =>
      steps.push({ at: when, run: async () => void (await run()) });

    at(dayAt(0, 9), async () => {
      for (const tag of DEMO_TAGS) {
        await send(app, `adding the tag ${tag}`, {
          method: 'POST',
          url: '/api/admin/tags',
          headers: admin,
          payload: { tag },
        });
      }
    });

    // Three creators join on the first day and publish the library over the year; each one's
    // first story carries their pen name, as the form asks at a first publish.
    const creatorAccounts: DemoReader[] = DEMO_CREATORS.map((creator) => ({
      email: creator.email,
      password: randomBytes(9).toString('base64url'),
    }));
    at(dayAt(0, 12), async () => {
      const keys: string[] = [];
      for (const [i, account] of creatorAccounts.entries()) {
        const { authorization } = await memberHeaders(app, `demo creator ${i + 1}`, account);
        keys.push(locateUserToken(authorization?.slice('Bearer '.length))!.userKey);
      }
      await assureDemoCreators(backdated.store, config.ageAssurance, keys, clock.now());
    });

    // The pictures are drawn one story after another in the background while the history
    // runs: two cores stay busy.
    let drawing: Promise<unknown> = Promise.resolve();
    const pictures = DEMO_LIBRARY.map((story, i) => {
      const drawn = drawing.then(() => drawnImages(story, i));
      drawing = drawn;
      return drawn;
    });
    const storyIds: string[] = [];
    DEMO_LIBRARY.forEach((_, i) => {
      at(dayAt(1 + i * 27, 11), async () => {
        const by = i % DEMO_CREATORS.length;
        const form = storyForm(DEMO_LIBRARY[i]!, await pictures[i]!);
        if (i < DEMO_CREATORS.length) form.append('penName', DEMO_CREATORS[by]!.penName);
        const { id } = await send(app, `publishing demo story ${i + 1}`, {
          method: 'POST',
          url: '/api/stories',
          headers: await signedIn(app, `demo creator ${by + 1}`, creatorAccounts[by]!),
          payload: form,
        });
        storyIds.push(String(id));
      });
    });
    const premiumIds = () => storyIds.filter((_, i) => DEMO_LIBRARY[i]!.isPremium);

    const reader = { email: DEMO_READER_EMAIL, password: randomBytes(9).toString('base64url') };
    const readerKey = joinAndBuy(at, dayAt, app, admin, unlock, premiumIds, pay, {
      email: reader.email,
      password: reader.password,
      signupDay: 8,
      verified: true,
      amount: 15,
      paymentMethod: 'paypal',
      unlockDays: [60, 140, 250],
      revokedAfter: null,
      chargedBackAfter: null,
      erasedAfter: null,
    });
    // The reader follows the first creator (a pen name since day 1) and is told of each story
    // that creator publishes after.
    at(dayAt(9, 21), async () =>
      send(app, 'the demo reader follows a creator', {
        method: 'POST',
        url: `/api/creators/${encodeURIComponent(handleOf(DEMO_CREATORS[0]!.penName))}/follow`,
        headers: await signedIn(app, 'demo reader', reader),
      }),
    );
    // ...and asks for the daily e-mail digest of that creator's new stories.
    at(dayAt(9, 22), async () =>
      send(app, 'the demo reader turns the daily digest on', {
        method: 'PUT',
        url: '/api/me/email-digest',
        headers: await signedIn(app, 'demo reader', reader),
        payload: { enabled: true },
      }),
    );
    // A premium story its creator publishes and, on the last day, unpublishes: the reader, who
    // unlocked it, gets the unlock back.
    const withdrawer = creatorAccounts[WITHDRAWN_STORY_CREATOR]!;
    let withdrawnId = '';
    at(dayAt(200, 11), async () => {
      const { id } = await send(app, 'publishing the demo story to withdraw', {
        method: 'POST',
        url: '/api/stories',
        headers: await signedIn(app, 'its creator', withdrawer),
        payload: storyForm(WITHDRAWN_STORY, await pictures.at(-1)!),
      });
      withdrawnId = String(id);
    });
    at(dayAt(230, 22), () => unlock({ userKey: readerKey(), storyId: withdrawnId }));
    for (const member of DEMO_MEMBERS) {
      joinAndBuy(at, dayAt, app, admin, unlock, premiumIds, pay, {
        ...member,
        password: randomBytes(9).toString('base64url'),
      });
    }

    steps.sort((a, b) => a.at.getTime() - b.at.getTime());
    for (const step of steps) {
      clock.moveTo(step.at);
      await step.run();
    }

    clock.moveTo(now());
    await giveTheReaderALibrary(app, reader, storyIds);
    await giveTheCreatorDrafts(app, send, await signedIn(app, 'demo creator 1', creatorAccounts[0]!), {
      images: await pictures[0]!,
      firstStoryId: storyIds[0]!,
      now: now(),
    });
    const staff = await inviteDemoStaff(app, send, admin);
    await reportTwoStories(app, reader, storyIds);
    await send(app, 'the demo creator unpublishes a story', {
      method: 'POST',
      url: `/api/stories/${withdrawnId}/unpublish`,
      headers: await signedIn(app, 'its creator', withdrawer),
    });
    await giveTheUnlockBack(backdated, clock.now, { userKey: readerKey(), storyId: withdrawnId });
    return { reader, creator: creatorAccounts[0]!, storyIds, staff };
  } finally {
    await app.close();
  }
}

type Schedule = (when: Date, run: () => Promise<unknown>) => void;

/** A sale at the local processor, for its later refund or chargeback. */
interface DemoSale {
  saleId: string;
  purchaseId: string;
  amount: string;
}

interface DemoPayments {
  buy(headers: Record<string, string>, amount: 15 | 10, who: string): Promise<DemoSale>;
  reverse(sale: DemoSale, kind: 'refund' | 'chargeback', who: string): Promise<void>;
}

/**
 * Buying through the local processor at the seeding's time: the purchase (Pay), the sale at the
 * processor, and its signed notice handed to the product's receiver (the path after the wire);
 * a refund or a chargeback the same way.
 */
function processorPayments(
  app: FastifyInstance,
  processor: LocalProcessor,
  receive: PaymentNoticeReceiver,
  clock: () => Date,
  discountCode: string,
): DemoPayments {
  const notify = async (what: string, notice: Record<string, string>) => {
    const answer = await receive(notice);
    if (answer.status !== 200) throw new Error(`${what}: the notice was refused (${answer.detail})`);
  };
  return {
    async buy(headers, amount, who) {
      const { purchase_id: purchaseId } = await send(app, `${who}: purchase`, {
        method: 'POST',
        url: '/api/payments/purchases',
        headers,
        payload: amount === 10 ? { discount_code: discountCode } : {},
      });
      const { transaction, notice } = processor.recordPast({
        kind: 'sale',
        reference: String(purchaseId),
        amount: `${amount}.00`,
        currency: 'USD',
        at: clock().toISOString(),
      });
      await notify(`${who}: the sale's notice`, notice);
      return { saleId: transaction.saleId, purchaseId: String(purchaseId), amount: `${amount}.00` };
    },
    async reverse(sale, kind, who) {
      const { notice } = processor.recordPast({
        kind,
        saleId: sale.saleId,
        reference: sale.purchaseId,
        amount: sale.amount,
        currency: 'USD',
        at: clock().toISOString(),
      });
      await notify(`${who}: the ${kind}'s notice`, notice);
    },
  };
}

/**
 * One account's steps: sign up and verify, confirm a payment, premium granted by the owner, the
 * premium stories it opens (as the story page does: the unlock port), and a revocation or an
 * erasure when its schedule says so. Each step signs in afresh, at its own time. Answers the
 * account's stream key, known once its signup step has run.
 */
function joinAndBuy(
  at: Schedule,
  dayAt: (day: number, hour?: number) => Date,
  app: FastifyInstance,
  admin: Record<string, string>,
  unlock: PremiumUnlocker,
  premiumIds: () => string[],
  pay: DemoPayments | null,
  member: DemoMember & { password: string },
): () => string {
  const { email, password } = member;
  const day = member.signupDay;
  const who = email.split('@')[0]!;
  const adminUrl = `/api/admin/users/${encodeURIComponent(email)}`;
  const signIn = async () => {
    const { token } = await send(app, `${who}: login`, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
    });
    return { authorization: `Bearer ${String(token)}` };
  };
  let verification = '';
  // The account's stream key, as its verification link names it.
  const userKey = () => locateUserToken(verification)!.userKey;
  at(dayAt(day, 19), async () => {
    const answer = await send(app, `${who}: signup`, {
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email, password, age_confirmed: true },
    });
    verification = String(answer.verification_token);
  });
  if (!member.verified) return userKey;
  at(dayAt(day, 20), () =>
    send(app, `${who}: verification`, {
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token: verification },
    }),
  );
  if (member.amount !== null && pay) {
    // Through the processor: paid on the grant's day, refunded or charged back when due.
    const amount = member.amount;
    let sale: DemoSale | null = null;
    at(dayAt(day + 2, 9), async () => {
      sale = await pay.buy(await signIn(), amount, who);
    });
    const reversals = [
      ['refund', member.revokedAfter],
      ['chargeback', member.chargedBackAfter],
    ] as const;
    for (const [kind, after] of reversals) {
      if (after !== null) at(dayAt(day + 2 + after, 9), () => pay.reverse(sale!, kind, who));
    }
  } else if (member.amount !== null) {
    at(dayAt(day + 1, 21), async () =>
      send(app, `${who}: payment confirmation`, {
        method: 'POST',
        url: '/api/payment/confirm',
        headers: await signIn(),
        payload: {
          amount: member.amount,
          transaction_id: `DEMO-${who.toUpperCase()}-${1000 + day}`,
          payment_method: member.paymentMethod,
        },
      }),
    );
    const granted = day + 2;
    at(dayAt(granted, 9), () =>
      send(app, `${who}: premium granted`, {
        method: 'PUT',
        url: `${adminUrl}/subscription`,
        headers: admin,
        payload: { is_subscribed: 'true' },
      }),
    );
    if (member.revokedAfter !== null) {
      at(dayAt(granted + member.revokedAfter, 9), () =>
        send(app, `${who}: premium revoked`, {
          method: 'PUT',
          url: `${adminUrl}/subscription`,
          headers: admin,
          payload: { is_subscribed: 'false' },
        }),
      );
    }
  }
  if (member.amount !== null) {
    const granted = day + 2;
    // Each unlock opens a premium story published by then that this account has not opened.
    const opened = new Set<string>();
    for (const after of member.unlockDays) {
      at(dayAt(granted + after, 22), async () => {
        const premium = premiumIds();
        const shift = day % Math.max(1, premium.length);
        const storyId = [...premium.slice(shift), ...premium.slice(0, shift)].find((id) => !opened.has(id));
        if (!storyId) return;
        opened.add(storyId);
        await unlock({ userKey: userKey(), storyId });
      });
    }
  }
  if (member.erasedAfter !== null) {
    at(dayAt(day + member.erasedAfter, 12), () =>
      send(app, `${who}: erasure`, { method: 'DELETE', url: adminUrl, headers: admin }),
    );
  }
  return userKey;
}
