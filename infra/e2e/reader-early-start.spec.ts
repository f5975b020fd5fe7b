import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  appScriptAndFirstImage,
  chunkRequests,
  expectAppScriptAfterFirstImage,
  holdAppScript,
  holdRequests,
  recordLayoutShifts,
} from './support/first-paint';
import { signedInContext } from './support/members';

/**
 * The reader page's early script (web/src/reader/story-start.ts): a visitor's story is asked for
 * once, by that script, before the app's script has run, and the reader shows that answer; a
 * signed-in reader's story is only ever asked for by the app, with their session (their request
 * may spend a premium story, which the app asks about first).
 */

function storyRequests(page: Page, id: string): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === `/api/stories/${id}`) requests.push(request);
  });
  return requests;
}

test("a visitor's story is asked for once, by the page's early script, and its first image at high priority", async ({
  page,
  api,
  nocturne,
}) => {
  const { id } = await api.publishStory({ texts: ['The lamp is lit early.', 'And stays lit.'] });
  await nocturne.settle();
  const asked = storyRequests(page, id);
  const images: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/images/')) images.push(request.url());
  });
  await page.goto(`/story/${id}`);
  await expect(page.getByText('The lamp is lit early.')).toBeVisible();
  expect(asked).toHaveLength(1);
  expect(await asked[0]!.headerValue('authorization')).toBeNull();
  // The reader's page ran its early script, which named the first slide's image.
  expect(
    await page.evaluate(() => performance.getEntriesByName(`${location.origin}/story-start.js`).length),
  ).toBe(1);
  expect(await page.locator('link[rel="preload"][as="image"][fetchpriority="high"]').count()).toBe(1);
  // The preload and the reader's image are one request, not two.
  const first = images.filter((url) => url === images[0]);
  expect(first).toHaveLength(1);
});

test("a signed-in reader's story is asked for only by the app, with their session", async ({
  browser,
  baseURL,
  api,
  nocturne,
}) => {
  const { id } = await api.publishStory({ texts: ['Only with a session.', 'Still.'] });
  const reader = await api.createVerifiedUser({ prefix: 'early' });
  await nocturne.settle();
  const { context, page } = await signedInContext(browser, reader, { baseURL });
  const asked = storyRequests(page, id);
  await page.goto(`/story/${id}`);
  await expect(page.getByText('Only with a session.')).toBeVisible();
  expect(asked.length).toBeGreaterThan(0);
  for (const request of asked)
    expect(await request.headerValue('authorization')).toBe(`Bearer ${reader.token}`);
  expect(await page.evaluate(() => 'nocturneStoryStart' in window)).toBe(false);
  await context.close();
});

test("a visitor's first slide is on screen before the app's script has run, and the app's reader takes its place without a shift", async ({
  page,
  api,
  nocturne,
}) => {
  const { id } = await api.publishStory({ texts: ['The page draws this lamp.', 'The app, the next.'] });
  await nocturne.settle();
  // The app's first-load script is held back until the page's own first slide has been seen.
  const release = await holdAppScript(page);
  await page.goto(`/story/${id}`, { waitUntil: 'commit' });
  const early = page.locator('#reader-first-slide .reader__text-inner');
  await expect(early).toHaveText('The page draws this lamp.');
  await expect(early).toBeVisible();
  expect(await page.locator('#root').innerHTML()).toBe('');
  // Hidden from assistive technology and out of reach: the app's reader is the one read.
  await expect(page.locator('#reader-first-slide')).toHaveAttribute('aria-hidden', 'true');
  await expect(page.locator('#reader-first-slide')).toHaveAttribute('inert', '');
  await page.evaluate(() => document.fonts.ready);
  const before = await early.boundingBox();
  const layoutShifts = await recordLayoutShifts(page);

  release();
  await expect(page.locator('#reader-first-slide')).toHaveCount(0);
  const text = page.locator('#root .reader__text-inner');
  await expect(text).toHaveText('The page draws this lamp.');
  expect(await text.boundingBox()).toEqual(before);
  expect(await layoutShifts()).toEqual([]);
  await expect(page.getByRole('img', { name: 'The page draws this lamp.' })).toBeVisible();
});

test("a visitor's page asks for the reader's own files once its first slide is drawn, not beside what draws it", async ({
  page,
  api,
  nocturne,
}) => {
  const { id } = await api.publishStory({ texts: ['Drawn before the reader.', 'The reader, then.'] });
  await nocturne.settle();
  const answer = await holdRequests(page, `**/api/stories/${id}`);
  const readerFiles = chunkRequests(page, 'StoryPage');
  await page.goto(`/story/${id}`, { waitUntil: 'commit' });
  // The app has run and waits for the story; the page named none of the reader's scripts.
  await expect(page.getByRole('status', { name: 'Loading' })).toBeVisible();
  expect(readerFiles).toEqual([]);
  expect(await page.locator('link[rel="modulepreload"]').count()).toBe(0);

  answer();
  await expect(page.locator('#root .reader__text-inner')).toHaveText('Drawn before the reader.');
  await expect(page.locator('#reader-first-slide')).toHaveCount(0);
  expect(readerFiles).toHaveLength(1);
});

test("a visitor's page asks for the app's own script once its first slide is painted, not beside what paints it", async ({
  page,
  api,
  nocturne,
}) => {
  const { id } = await api.publishStory({ texts: ['Painted before the app.', 'The app, then.'] });
  await nocturne.settle();
  const answer = await holdRequests(page, `**/api/stories/${id}`);
  await page.goto(`/story/${id}`, { waitUntil: 'commit' });
  await page.waitForFunction(
    () => performance.getEntriesByName(`${location.origin}/story-start.js`).length === 1,
  );
  // The page names the app's script for later, and its early script waits for the slide.
  expect(await page.locator('script[type="module"]').count()).toBe(0);
  await page.waitForTimeout(500);
  expect((await appScriptAndFirstImage(page)).app).toBeUndefined();

  answer();
  await expect(page.locator('#root .reader__text-inner')).toHaveText('Painted before the app.');
  await expectAppScriptAfterFirstImage(page);
});

test("a visitor's page whose story is slow to answer gets the app's loading screen, not a blank page (the loader waits 1.5 s at most)", async ({
  page,
  api,
  nocturne,
}) => {
  const { id } = await api.publishStory({ texts: ['Slow to answer.', 'Then it does.'] });
  await nocturne.settle();
  const answer = await holdRequests(page, `**/api/stories/${id}`);
  await page.goto(`/story/${id}`, { waitUntil: 'commit' });
  // The 1.5 s the loader waits, and the app's start on a loaded machine.
  await expect(page.getByRole('status', { name: 'Loading' })).toBeVisible({ timeout: 4_000 });
  answer();
  await expect(page.locator('#root .reader__text-inner')).toHaveText('Slow to answer.');
});

test("a page whose early script is an earlier version's (as a service worker may keep it) starts the app at once", async ({
  page,
  api,
  nocturne,
}) => {
  const { id } = await api.publishStory({ texts: ['Whatever the worker kept.', 'The app, still.'] });
  await nocturne.settle();
  // An early script that leaves no first screen for the app's loader to wait for.
  await page.route('**/story-start.js', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: 'void 0;' }),
  );
  await page.goto(`/story/${id}`, { waitUntil: 'commit' });
  await expect(page.locator('#root .reader__text-inner')).toHaveText('Whatever the worker kept.');
});
