import { randomBytes } from 'node:crypto';
import { handleOf } from '@nocturne/domain';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { AppConfig } from '../config';
import { type CommandPorts, commandDepsFrom } from '../system/deps';
import { buildHttpApp } from '../system/http-app';
import { type DemoStaffMember, inviteDemoStaff } from './demo-staff';
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
 * on no port: only this code reaches it. Two settings differ, both for that reason: the publish
 * limit is the library's size (the product allows 10 a minute), and the signup answer carries the
 * verification token (EXPOSE_VERIFICATION_TOKEN), as the mail would.
 */
async function seedingApp(
  config: AppConfig,
  ports: CommandPorts,
  clock: () => Date,
): Promise<FastifyInstance> {
  const command = await commandDepsFrom({ ...config, exposeVerificationToken: true }, ports, clock, {
    accountRateLimits: { publishPerMinute: DEMO_LIBRARY.length },
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

async function storyForm(story: DemoStory, index: number): Promise<FormData> {
  const images = await Promise.all(
    story.texts.map((_, slide) => illustration(story.look, index * 16 + slide)),
  );
  const form = new FormData();
  for (const [slide, text] of story.texts.entries()) {
    form.append(
      'images',
      new Blob([new Uint8Array(images[slide]!)], { type: 'image/jpeg' }),
      `slide-${slide + 1}.jpg`,
    );
    form.append('texts', text);
  }
  form.append('isPremium', story.isPremium ? 'true' : 'false');
  for (const tag of story.tags) form.append('tags', tag);
  for (const warning of story.warnings) form.append('warnings', warning);
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

/**
 * The demo library, made the way people make it: the admin signs in to the panel and adds the
 * curated tags; three creators sign up and publish every story with its tags and warnings under
 * their pen names (multipart POST /api/stories, through the upload pipeline); a reader signs up,
 * verifies the address and follows one creator (told of that creator's later stories); and
 * the admin grants that reader premium, and invites a moderator and an auditor, who set their
 * passwords and enrol an authenticator; the reader and a visitor each report a story (two open
 * reports in the moderation queue). Only commands are sent; the projector builds the pages
 * from the events they append, as for anything else.
 */
export async function createDemoLibrary(
  config: AppConfig,
  ports: CommandPorts,
  clock: () => Date = () => new Date(),
): Promise<CreatedDemo> {
  const app = await seedingApp(config, ports, clock);
  try {
    const { token: adminToken } = await send(app, 'admin sign-in', {
      method: 'POST',
      url: '/api/admin/validate',
      headers: { 'x-admin-code': config.adminPassword },
    });
    const admin = { 'x-admin-code': String(adminToken) };
    for (const tag of DEMO_TAGS) {
      await send(app, `adding the tag ${tag}`, {
        method: 'POST',
        url: '/api/admin/tags',
        headers: admin,
        payload: { tag },
      });
    }

    // The creators and the reader sign up first: the reader follows the first creator once that
    // creator has a pen name, and is told of each story they publish after.
    const creators: Record<string, string>[] = [];
    const accounts: DemoReader[] = [];
    for (const [i, creator] of DEMO_CREATORS.entries()) {
      const account = { email: creator.email, password: randomBytes(9).toString('base64url') };
      accounts.push(account);
      creators.push(await memberHeaders(app, `demo creator ${i + 1}`, account));
    }
    const reader = { email: DEMO_READER_EMAIL, password: randomBytes(9).toString('base64url') };
    const readerHeaders = await memberHeaders(app, 'demo reader', reader);
    const followed = DEMO_CREATORS[0]!;

    // The pictures are drawn while the previous story is being published: two cores stay busy.
    // Each creator's first story carries their pen name, as the form asks at a first publish.
    const storyIds: string[] = [];
    let next = storyForm(DEMO_LIBRARY[0]!, 0);
    for (let i = 0; i < DEMO_LIBRARY.length; i++) {
      const form = await next;
      if (i + 1 < DEMO_LIBRARY.length) next = storyForm(DEMO_LIBRARY[i + 1]!, i + 1);
      const by = i % DEMO_CREATORS.length;
      if (i < DEMO_CREATORS.length) form.append('penName', DEMO_CREATORS[by]!.penName);
      const { id } = await send(app, `publishing demo story ${i + 1}`, {
        method: 'POST',
        url: '/api/stories',
        headers: creators[by]!,
        payload: form,
      });
      storyIds.push(String(id));
      if (i === 0) {
        await send(app, 'the demo reader follows a creator', {
          method: 'POST',
          url: `/api/creators/${encodeURIComponent(handleOf(followed.penName))}/follow`,
          headers: readerHeaders,
        });
      }
    }

    await send(app, 'premium for the demo reader', {
      method: 'PUT',
      url: `/api/admin/users/${encodeURIComponent(reader.email)}/subscription`,
      headers: admin,
      payload: { is_subscribed: 'true' },
    });
    await giveTheReaderALibrary(app, reader, storyIds);
    const staff = await inviteDemoStaff(app, send, admin);
    await reportTwoStories(app, reader, storyIds);
    return { reader, creator: accounts[0]!, storyIds, staff };
  } finally {
    await app.close();
  }
}
