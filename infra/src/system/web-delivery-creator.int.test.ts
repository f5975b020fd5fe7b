import { randomUUID } from 'node:crypto';
import type { AgeAssurancePolicy } from '@nocturne/http-kit/auth';
import { assureAgeOf } from '@nocturne/test-kit/age-assurance';
import { apiCall, createVerifiedUser, publishStoryAs } from '@nocturne/test-kit/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultWebDist } from './start-system';
import { startTestSystem, TEST_ADMIN_PASSWORD, type TestSystem } from './test-system';

/**
 * The creator page drawn by the server (./creator-first-screen.ts), on the whole product with its
 * build, where every visitor's age must be assured: the header and the first card are the query
 * API's answers to a visitor, drawn as the app draws them for one, a premium story locked, an
 * Explicit one without its images, a hidden one never; an unknown creator's page has no layer.
 */

const policy: AgeAssurancePolicy = { mode: 'required', regions: [], validityDays: 365 };
const LAYER = '<div id="creator-first-screen"';

let system: TestSystem;
let creator: Awaited<ReturnType<typeof createVerifiedUser>>;
const stamp = randomUUID().replace(/-/g, '').slice(0, 6);
const penName = `Lamplight ${stamp}`;
const handle = `lamplight-${stamp}`;

async function publish(story: Parameters<typeof publishStoryAs>[2]): Promise<string> {
  const { id } = await publishStoryAs(system.baseUrl, creator, { penName, ...story });
  await system.settle();
  return id;
}

const page = async (path: string) => (await fetch(`${system.baseUrl}${path}`)).text();
/**
 * The page once the server drew its layer: a page whose answers came later than the server waits
 * goes out as the route's shell, by design, which a loaded machine's first asks may meet.
 */
async function drawnPage(path: string): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const html = await page(path);
    if (html.includes(LAYER) || attempt === 20) return html;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
/** The layer's first card, as the page carries it. */
const firstCard = (html: string) => /<article class="story-card[\s\S]*?<\/article>/.exec(html)?.[0] ?? '';

async function imageRefs(storyId: string): Promise<string[]> {
  const rows = await system.infra.db
    .selectFrom('story_images')
    .select('ref')
    .where('story_id', '=', storyId)
    .execute();
  return rows.map((row) => row.ref);
}

beforeAll(async () => {
  system = await startTestSystem({ ageAssurance: policy }, { webDist: defaultWebDist });
  creator = await createVerifiedUser(system.baseUrl, { prefix: 'drawn' });
  // Their age confirmed, as a completed check leaves it: they may publish Explicit.
  await assureAgeOf(system.infra, creator.email);
}, 120_000);
afterAll(async () => {
  await system?.stop();
});

describe("the creator page's first screen, drawn by the server for a visitor", () => {
  it("draws the header and the first story's card, its image in the page, with the page's stylesheets", async () => {
    const id = await publish({ texts: [`The ferry ${stamp} left at dawn.`, 'Gulls.'], rating: 'general' });
    const html = await drawnPage(`/creator/${handle}`);
    expect(html).toContain(`<div id="root"></div><link rel="preload" as="image"`);
    expect(html).toContain(LAYER);
    expect(html).toContain(`<h1 class="creator__name">${penName}</h1>`);
    expect(html).toContain('1 story');
    const [ref] = await imageRefs(id);
    expect(firstCard(html)).toContain(`src="/api/images/${ref}"`);
    expect(firstCard(html)).toContain(`The ferry ${stamp} left at dawn.`);
    expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/CreatorPage-[\w-]+\.css">/);
    expect(html).not.toContain('rel="modulepreload"');
  });

  it('locks a premium first story as for a visitor: its image blurred, the way to sign up', async () => {
    await publish({ texts: [`The vault ${stamp} was open.`, 'Gold.'], rating: 'general', isPremium: true });
    const card = firstCard(await drawnPage(`/creator/${handle}`));
    expect(card).toContain('story-card__image--blurred');
    expect(card).toContain('Sign up to unlock');
    expect(card).toContain('href="/auth/signup"');
  });

  it('shows an Explicit first story as its words only, none of its images, where ages are assured', async () => {
    const id = await publish({ texts: [`The masquerade ${stamp} began.`, 'Later.'], rating: 'explicit' });
    const html = await drawnPage(`/creator/${handle}`);
    const card = firstCard(html);
    expect(card).toContain('Confirm your age to read');
    expect(card).toContain('story-card__placeholder');
    const refs = await imageRefs(id);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) expect(html).not.toContain(ref);
    // What the query API answers a visitor: the same story first, without images.
    const list = await apiCall(system.baseUrl, 'GET', `/api/stories?limit=6&creator=${handle}`);
    expect(list.body[0]).toMatchObject({ id, images: [], ageAssuranceRequired: true });
  });

  it('never draws a hidden story', async () => {
    const id = await publish({ texts: [`The lighthouse ${stamp} went dark.`, 'Fog.'], rating: 'general' });
    expect(firstCard(await drawnPage(`/creator/${handle}`))).toContain(`The lighthouse ${stamp}`);
    const hidden = await fetch(`${system.baseUrl}/api/admin/stories/${id}/hide`, {
      method: 'POST',
      headers: { 'X-Admin-Code': TEST_ADMIN_PASSWORD, 'Content-Type': 'application/json' },
      body: JSON.stringify({ reason: 'Probe' }),
    });
    expect(hidden.status).toBe(200);
    await system.settle();
    const html = await drawnPage(`/creator/${handle}`);
    expect(html).toContain(LAYER);
    expect(html).not.toContain(`The lighthouse ${stamp}`);
  });

  it("has no layer for a creator nobody has: the route's page, the app says not found", async () => {
    const html = await page(`/creator/nobody-${stamp}`);
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('creator-first-screen');
    expect(html).toContain('rel="modulepreload"');
  });
});
