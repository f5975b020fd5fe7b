import { randomUUID } from 'node:crypto';
import { createVerifiedUser, setPremium } from '@nocturne/test-kit/api-client';
import { expect, type Page, test } from '@playwright/test';
import { type E2eSystem, startE2eSystem } from './fixtures/system';
import { publishSampleStory, SAMPLE_STORIES, signIn } from './support/web-data';

/** GET /api/stories, whole or a page (?limit=&cursor=). */
const storyList = (url: URL) => url.pathname === '/api/stories';

/**
 * The profile `/profile`: login required, masked e-mail for short
 * and long local parts, Free Account / Premium Member, paging 6 then 5 more, the upsell banner,
 * the empty state, Generate, the settings menu and the footer dialogs.
 */

let sys: E2eSystem;
const domain = `${randomUUID().slice(0, 8)}.example.com`;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  sys = await startE2eSystem();
  // 13 stories, two of them premium: 6 shown, then 11, then 13.
  for (let i = 0; i < 13; i++) {
    await publishSampleStory(sys.baseURL, sys.adminPassword, SAMPLE_STORIES[i % SAMPLE_STORIES.length]!, i);
  }
  await sys.settle();
});

test.afterAll(async () => {
  await sys?.stop();
});

const url = (path: string) => `${sys.baseURL}${path}`;
const cards = (page: Page) => page.getByRole('list', { name: 'All stories' }).getByRole('listitem');

async function openProfileAs(page: Page, local: string, premium = false) {
  const user = await createVerifiedUser(sys.baseURL, { email: `${local}@${domain}` });
  if (premium) {
    await setPremium(sys.baseURL, sys.adminPassword, user.email, true);
    await sys.settle();
  }
  await signIn(page, sys.baseURL, user.token);
  await page.goto(url('/profile'));
  return user;
}

test('a visitor is sent to the login page', async ({ page }) => {
  await page.goto(url('/profile'));
  await expect(page).toHaveURL(url('/auth/login'));
});

test('a short local part shows its first character, then asterisks', async ({ page }) => {
  await openProfileAs(page, 'ana');
  await expect(page.getByTestId('masked-email')).toHaveText(`a***@${domain}`);
  await expect(page.getByText(`ana@${domain}`)).toHaveCount(0);
});

test('a long local part shows its first two and last two characters', async ({ page }) => {
  await openProfileAs(page, 'annabelle');
  await expect(page.getByTestId('masked-email')).toHaveText(`an***le@${domain}`);
});

test('a free account pages 6, then 5 more, and sees the one-time upsell', async ({ page }) => {
  await openProfileAs(page, 'pager');
  await expect(page.getByText('Free Account', { exact: true })).toBeVisible();
  await expect(page.getByText('Premium Member')).toHaveCount(0);

  await expect(cards(page)).toHaveCount(6);
  const more = page.getByRole('button', { name: 'Load More' });
  await more.click();
  await expect(cards(page)).toHaveCount(11);
  await more.click();
  await expect(cards(page)).toHaveCount(13);
  await expect(more).toHaveCount(0);
  await expect(page.getByText('Showing 13 of 13 stories')).toBeVisible();

  const upsell = page.getByRole('complementary', { name: 'Unlock the premium collection' });
  await expect(upsell).toContainText('$15');
  await expect(upsell).not.toContainText('/mo');
  const buy = upsell.getByRole('link', { name: 'Get Premium - $15 one-time' });
  await buy.click();
  await expect(page).toHaveURL(url('/subscription'));
});

test('cards on the profile open the reader, with the way back to the profile', async ({ page }) => {
  await openProfileAs(page, 'cardclick');
  const first = cards(page).first().getByRole('link');
  const href = await first.getAttribute('href');
  expect(href).toMatch(/^\/story\//);
  await first.click();
  await expect(page).toHaveURL(url(href!));
  expect(await page.evaluate(() => (history.state as { usr?: { from?: string } } | null)?.usr?.from)).toBe(
    'profile',
  );
});

test('a premium member sees the label and no upsell', async ({ page }) => {
  await openProfileAs(page, 'patron', true);
  await expect(page.getByText('Premium Member')).toBeVisible();
  await expect(page.getByText('30 premium stories left')).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Unlock the premium collection' })).toHaveCount(0);
  await expect(cards(page).first().locator('img')).not.toHaveClass(/blurred/);
});

test('an empty list says so', async ({ page }) => {
  await page.route(storyList, (route) => route.fulfill({ status: 200, json: [] }));
  await openProfileAs(page, 'empty');
  await expect(page.getByText('No stories yet.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Load More' })).toHaveCount(0);
  await expect(page.getByRole('complementary', { name: 'Unlock the premium collection' })).toHaveCount(0);
});

test('a failing list shows the failure message', async ({ page }) => {
  await page.route(storyList, (route) => route.fulfill({ status: 503, json: { detail: 'down' } }));
  await openProfileAs(page, 'failing');
  await expect(page.getByText('Failed to load stories. Please try again later.')).toBeVisible();
});

test('Generate opens the creation dialog', async ({ page }) => {
  await openProfileAs(page, 'maker');
  const generate = page.getByRole('button', { name: 'Generate' });
  await generate.click();
  const dialog = page.getByRole('dialog', { name: 'Create a New Story' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(generate).toBeFocused();
});

test('the settings menu opens About Us and Contact, links Subscription, and logs out', async ({ page }) => {
  await openProfileAs(page, 'settings');
  const settings = page.getByRole('button', { name: 'Settings' });
  const menu = page.getByRole('navigation', { name: 'Settings menu' });

  await settings.click();
  await menu.getByRole('button', { name: 'About Us' }).click();
  await expect(page.getByRole('dialog', { name: 'About Our Mission' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(settings).toBeFocused();

  await settings.click();
  await menu.getByRole('button', { name: 'Contact' }).click();
  await expect(page.getByRole('dialog', { name: 'Get In Touch' })).toContainText('support@nocturne.test');
  await page.keyboard.press('Escape');

  await settings.click();
  await expect(menu.getByRole('link', { name: 'Subscription' })).toHaveAttribute(
    'href',
    '/subscription-manage',
  );
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(settings).toBeFocused();
  await settings.click();
  await menu.getByRole('link', { name: 'Subscription' }).click();
  await expect(page).toHaveURL(url('/subscription-manage'));
  await page.goto(url('/profile'));

  await settings.click();
  await menu.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(url('/'));
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log In' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
});

test('the footer How and Contact open the real dialogs, not alerts', async ({ page }) => {
  page.on('dialog', (dialog) => {
    throw new Error(`Unexpected browser alert: ${dialog.message()}`);
  });
  await openProfileAs(page, 'footer');
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('button', { name: 'How It Works' }).click();
  await expect(page.getByRole('dialog', { name: 'How It Works' })).toBeVisible();
  await page.keyboard.press('Escape');
  await footer.getByRole('button', { name: 'Contact' }).click();
  await expect(page.getByRole('dialog', { name: 'Get In Touch' })).toBeVisible();
});

test('the grid runs from 2 columns on a phone to 5 on a wide screen', async ({ page }) => {
  await openProfileAs(page, 'columns');
  const columns = () =>
    page
      .getByRole('list', { name: 'All stories' })
      .evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(' ').length);
  for (const [width, expected] of [
    [360, 2],
    [768, 3],
    [1100, 4],
    [1440, 5],
    [1920, 5],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await expect.poll(columns).toBe(expected);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
});
