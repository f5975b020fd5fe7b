import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { AppConfig } from '../config';
import { type CommandPorts, commandDepsFrom } from '../system/deps';
import { buildHttpApp } from '../system/http-app';
import { type DemoStaffMember, inviteDemoStaff } from './demo-staff';
import { illustration } from './illustrate';
import { DEMO_LIBRARY, DEMO_TAGS, type DemoStory } from './library';

/** The demo reader's address: `.example` is reserved (RFC 2606), so no mail reaches a person. */
export const DEMO_READER_EMAIL = 'reader@demo.nocturne.example';

export interface DemoReader {
  email: string;
  password: string;
}

export interface CreatedDemo {
  reader: DemoReader;
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
  return response.json() as Record<string, unknown>;
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

/**
 * The demo reader's library, made by reading as people do: one free story started
 * (Continue reading), one read to The End, and two kept in Saved.
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
  const reading = (what: string, method: 'PUT' | 'DELETE', url: string, payload?: object) =>
    send(app, `demo reader: ${what}`, { method, url, headers, ...(payload ? { payload } : {}) });
  if (!started || !read || !kept) return;
  await reading('progress', 'PUT', `/api/stories/${started}/progress`, { slide: 1 });
  await reading('progress', 'PUT', `/api/stories/${read}/progress`, { slide: 2 });
  await reading('finished', 'PUT', `/api/stories/${read}/finished`);
  await reading('saved', 'PUT', `/api/stories/${kept}/saved`);
  await reading('saved', 'PUT', `/api/stories/${started}/saved`);
}

/**
 * The demo library, made the way people make it: the admin signs in to the panel, adds the
 * curated tags and publishes every story with its tags and warnings (multipart POST
 * /api/stories, through the upload pipeline), a reader signs up and verifies the address, and
 * the admin grants that reader premium, and invites a moderator and an auditor, who set their
 * passwords and enrol an authenticator. Only commands are sent; the projector builds the pages
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

    // The pictures are drawn while the previous story is being published: two cores stay busy.
    const storyIds: string[] = [];
    let next = storyForm(DEMO_LIBRARY[0]!, 0);
    for (let i = 0; i < DEMO_LIBRARY.length; i++) {
      const form = await next;
      if (i + 1 < DEMO_LIBRARY.length) next = storyForm(DEMO_LIBRARY[i + 1]!, i + 1);
      const { id } = await send(app, `publishing demo story ${i + 1}`, {
        method: 'POST',
        url: '/api/stories',
        headers: admin,
        payload: form,
      });
      storyIds.push(String(id));
    }

    const reader = { email: DEMO_READER_EMAIL, password: randomBytes(9).toString('base64url') };
    const { verification_token } = await send(app, 'demo reader signup', {
      method: 'POST',
      url: '/api/auth/signup',
      payload: { ...reader, age_confirmed: true },
    });
    await send(app, 'demo reader verification', {
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token: verification_token },
    });
    await send(app, 'premium for the demo reader', {
      method: 'PUT',
      url: `/api/admin/users/${encodeURIComponent(reader.email)}/subscription`,
      headers: admin,
      payload: { is_subscribed: 'true' },
    });
    await giveTheReaderALibrary(app, reader, storyIds);
    const staff = await inviteDemoStaff(app, send, admin);
    return { reader, storyIds, staff };
  } finally {
    await app.close();
  }
}
