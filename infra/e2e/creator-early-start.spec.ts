import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';
import { creatorNamed, signedInContext } from './support/members';

/**
 * The creator page's early script (web/src/creators/creator-start.ts): a visitor's creator and first
 * stories are asked for once, by that script, before the app's script has run, and the page shows
 * those answers; a signed-in reader's are only ever asked for by the app, with their session
 * (their list differs: premium images, their likes).
 */

function creatorRequests(page: Page, handle: string): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (
      url.pathname === `/api/creators/${handle}` ||
      (url.pathname === '/api/stories' && url.searchParams.get('creator') === handle)
    )
      requests.push(request);
  });
  return requests;
}

test("a visitor's creator and list are asked for once, by the page's early script, and the first card's image at high priority", async ({
  page,
  api,
  nocturne,
}) => {
  const { penName, handle } = await creatorNamed(api, nocturne.baseURL, 'Lantern');
  await nocturne.settle();
  const asked = creatorRequests(page, handle);
  const images: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/images/')) images.push(request.url());
  });
  await page.goto(`/creator/${handle}`);
  await expect(page.getByRole('heading', { level: 1, name: penName })).toBeVisible();
  await expect(page.getByRole('list', { name: `Stories by ${penName}` }).getByRole('article')).toHaveCount(1);
  expect(asked.map((request) => new URL(request.url()).pathname)).toEqual([
    `/api/creators/${handle}`,
    '/api/stories',
  ]);
  for (const request of asked) expect(await request.headerValue('authorization')).toBeNull();
  expect(
    await page.evaluate(() => performance.getEntriesByName(`${location.origin}/creator-start.js`).length),
  ).toBe(1);
  expect(await page.locator('link[rel="preload"][as="image"][fetchpriority="high"]').count()).toBe(1);
  // The preload and the card's image are one request, not two.
  expect(images.length).toBeGreaterThan(0);
  expect(images.filter((url) => url === images[0])).toHaveLength(1);
});

test("a signed-in reader's creator and list are asked for only by the app, with their session", async ({
  browser,
  baseURL,
  api,
  nocturne,
}) => {
  const { penName, handle } = await creatorNamed(api, nocturne.baseURL, 'Candle');
  const reader = await api.createVerifiedUser({ prefix: 'early' });
  await nocturne.settle();
  const { context, page } = await signedInContext(browser, reader, { baseURL });
  const asked = creatorRequests(page, handle);
  await page.goto(`/creator/${handle}`);
  await expect(page.getByRole('list', { name: `Stories by ${penName}` }).getByRole('article')).toHaveCount(1);
  expect(asked.length).toBeGreaterThan(0);
  for (const request of asked)
    expect(await request.headerValue('authorization')).toBe(`Bearer ${reader.token}`);
  expect(await page.evaluate(() => 'nocturneCreatorStart' in window)).toBe(false);
  await context.close();
});
