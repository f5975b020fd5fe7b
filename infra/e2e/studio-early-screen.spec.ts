import { expect, test } from './fixtures';
import { holdAppScript, recordLayoutShifts } from './support/first-paint';
import { signedInContext } from './support/members';

/**
 * The studio's first screen drawn by its page (web/src/studio/studio-first-screen-render.tsx,
 * shown for a stored session by web/src/studio/studio-start.ts): on screen before the app's script
 * has run, and the app's studio takes its place without a shift; a visitor without a session
 * never sees it and is sent to log in.
 */

const HINT = '2 to 30 letters, digits, spaces, - and _. Your stories show the new name at once.';

test("a creator's studio is on screen before the app's script has run, and the app's studio takes its place without a shift", async ({
  browser,
  baseURL,
  api,
}) => {
  const creator = await api.createVerifiedUser({ prefix: 'early-studio' });
  const { context, page } = await signedInContext(browser, creator, { baseURL });
  const release = await holdAppScript(page);
  await page.goto('/studio', { waitUntil: 'commit' });
  const early = page.locator('#studio-first-screen');
  await expect(early.getByText(HINT)).toBeVisible();
  await expect(early.getByRole('heading', { name: 'Studio', includeHidden: true })).toBeVisible();
  expect(await page.locator('#root').innerHTML()).toBe('');
  // Hidden from assistive technology and out of reach: the app's studio is the one read.
  await expect(early).toHaveAttribute('aria-hidden', 'true');
  await expect(early).toHaveAttribute('inert', '');
  await page.evaluate(() => document.fonts.ready);
  const before = await early.getByText(HINT).boundingBox();
  const layoutShifts = await recordLayoutShifts(page);

  release();
  await expect(early).toHaveCount(0);
  const hint = page.locator('#root').getByText(HINT);
  await expect(hint).toBeVisible();
  expect(await hint.boundingBox()).toEqual(before);
  await expect(page.getByRole('heading', { name: 'Studio' })).toBeVisible();
  expect(await layoutShifts()).toEqual([]);
  await context.close();
});

test('a visitor without a session never sees the studio: the app sends them to log in', async ({ page }) => {
  const release = await holdAppScript(page);
  await page.goto('/studio', { waitUntil: 'commit' });
  // The page is parsed and the stylesheet that would show the screen is applied.
  await page.waitForFunction(() =>
    [...document.styleSheets].some((sheet) => sheet.href?.includes('/assets/StudioPage-')),
  );
  await expect(page.locator('#studio-first-screen')).toBeAttached();
  await expect(page.locator('#studio-first-screen')).toBeHidden();
  release();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.locator('#studio-first-screen')).toHaveCount(0);
});

test('a stored session the server refuses: the screen goes when the app sends the visitor to log in', async ({
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem('auth_token', 'no-such-session'));
  await page.goto('/studio');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.locator('#studio-first-screen')).toHaveCount(0);
});
