import { publishStoryAs } from '@nocturne/test-kit/api-client';
import type { Request } from '@playwright/test';
import { type BoundApi, type E2eSystem, expect, test } from './fixtures';
import { chunkRequests, holdAppScript, holdRequests, recordLayoutShifts } from './support/first-paint';
import { signedInContext } from './support/members';

/**
 * The profile's early script (web/src/reading/profile-start.ts): a signed-in reader's Continue reading
 * shelf is asked for once, by that script and with their session, before the app's script has
 * run; the page shows that answer, and the first card's image is asked for once, at high priority.
 */

/**
 * A reader with one story in Continue reading (another creator's, read up to its second slide),
 * and that story's first text, made unique by a stamp.
 */
async function readerWithAStoryUnderWay(api: BoundApi, nocturne: E2eSystem, opening: string) {
  const stamp = Date.now().toString(36).slice(-6);
  const first = `${opening} ${stamp}.`;
  const creator = await api.createVerifiedUser({ prefix: 'creator' });
  const { id } = await publishStoryAs(nocturne.baseURL, creator, {
    texts: [first, 'It turns.', 'It ends.'],
    penName: `Pen ${stamp}`,
  });
  const reader = await api.createVerifiedUser({ prefix: 'early' });
  const placed = await fetch(`${nocturne.baseURL}/api/stories/${id}/progress`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${reader.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ slide: 1 }),
  });
  expect(placed.status).toBe(200);
  await nocturne.settle();
  return { reader, first };
}

test("a signed-in reader's Continue reading and session are asked for once, by the page's early script, and its first image at high priority", async ({
  browser,
  baseURL,
  api,
  nocturne,
}) => {
  const { reader, first } = await readerWithAStoryUnderWay(api, nocturne, 'The shelf wakes');

  const { context, page } = await signedInContext(browser, reader, { baseURL });
  const asked: Request[] = [];
  const images: string[] = [];
  const sessionChecks: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/me/library' && url.searchParams.get('shelf') === 'continue')
      asked.push(request);
    if (url.pathname === '/api/auth/me') sessionChecks.push(request.url());
    if (url.pathname.startsWith('/api/images/')) images.push(request.url());
  });
  await page.goto('/profile');
  const row = page.getByRole('list', { name: 'Continue reading' });
  await expect(row.getByRole('listitem')).toHaveCount(1);
  await expect(row).toContainText(first);
  expect(asked).toHaveLength(1);
  expect(await asked[0]!.headerValue('authorization')).toBe(`Bearer ${reader.token}`);
  // The first screen's account card and the app's session check are one request.
  expect(sessionChecks).toHaveLength(1);
  expect(
    await page.evaluate(() => performance.getEntriesByName(`${location.origin}/profile-start.js`).length),
  ).toBe(1);
  expect(await page.locator('link[rel="preload"][as="image"][fetchpriority="high"]').count()).toBe(1);
  // The preload and the card's image are one request, not two.
  expect(images.length).toBeGreaterThan(0);
  expect(images.filter((url) => url === images[0])).toHaveLength(1);
  await context.close();
});

test("a signed-in reader's first screen is on screen before the app's script has run, and the app's profile takes its place without a shift", async ({
  browser,
  baseURL,
  api,
  nocturne,
}) => {
  const { reader, first } = await readerWithAStoryUnderWay(api, nocturne, 'The layer wakes');

  const { context, page } = await signedInContext(browser, reader, { baseURL });
  // The app's first-load script is held back until the page's own first screen has been seen.
  const release = await holdAppScript(page);
  await page.goto('/profile', { waitUntil: 'commit' });
  const layer = page.locator('#profile-first-screen');
  const early = layer.locator('.story-card__image');
  await expect(early).toHaveCount(1);
  await expect(early).toBeVisible();
  await expect(layer.locator('.profile-card__email')).toHaveText(
    // As the profile masks it: the local part's first two and last two characters.
    `${reader.email.slice(0, 2)}***${reader.email.slice(reader.email.indexOf('@') - 2)}`,
  );
  await expect(layer).toContainText('Free Account');
  expect(await page.locator('#root').innerHTML()).toBe('');
  // Hidden from assistive technology and out of reach: the app's profile is the one read.
  await expect(layer).toHaveAttribute('aria-hidden', 'true');
  await expect(layer).toHaveAttribute('inert', '');
  await page.evaluate(() => document.fonts.ready);
  const before = await early.boundingBox();
  const layoutShifts = await recordLayoutShifts(page);

  release();
  await expect(layer).toHaveCount(0);
  const row = page.getByRole('list', { name: 'Continue reading' });
  await expect(row).toContainText(first);
  expect(await row.locator('.story-card__image').boundingBox()).toEqual(before);
  expect(await layoutShifts()).toEqual([]);
  await context.close();
});

test("a signed-in reader's page asks for the profile's own files once its first screen is drawn, not beside what draws it", async ({
  browser,
  baseURL,
  api,
  nocturne,
}) => {
  const { reader, first } = await readerWithAStoryUnderWay(api, nocturne, 'The files wait');

  const { context, page } = await signedInContext(browser, reader, { baseURL });
  const answer = await holdRequests(page, '**/api/me/library?shelf=continue');
  const profileFiles = chunkRequests(page, 'ProfilePage');
  await page.goto('/profile', { waitUntil: 'commit' });
  // The app has run and waits for the first screen; the page named none of the profile's scripts.
  await expect(page.getByRole('status', { name: 'Loading' })).toBeVisible();
  expect(profileFiles).toEqual([]);
  expect(await page.locator('link[rel="modulepreload"]').count()).toBe(0);

  answer();
  const row = page.getByRole('list', { name: 'Continue reading' });
  await expect(row).toContainText(first);
  await expect(page.locator('#profile-first-screen')).toHaveCount(0);
  expect(profileFiles).toHaveLength(1);
  await context.close();
});

test('a visitor on the profile never sees its first screen', async ({ page }) => {
  const release = await holdAppScript(page);
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  await page.goto('/profile', { waitUntil: 'commit' });
  await page.waitForFunction(
    () => performance.getEntriesByName(`${location.origin}/profile-start.js`).length === 1,
  );
  await expect(page.locator('#profile-first-screen')).toBeHidden();
  release();
  await page.waitForURL('**/auth/login');
  await expect(page.locator('#profile-first-screen')).toHaveCount(0);
  expect(asked.filter((path) => path.startsWith('/api/me/') || path === '/api/auth/me')).toEqual([]);
});
