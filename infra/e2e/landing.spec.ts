import { createVerifiedUser, setPremium } from '@nocturne/test-kit/api-client';
import { expect, type Page, test } from '@playwright/test';
import { type E2eSystem, startE2eSystem } from './fixtures/system';
import { showFeatures } from './support/landing';
import { publishSampleStory, SAMPLE_STORIES, signIn } from './support/web-data';

/** GET /api/stories, whole or a page (?limit=&cursor=). */
const storyList = (url: URL) => url.pathname === '/api/stories';

/**
 * The landing page `/`: header, dialogs, story cards and where
 * they lead for a visitor and for a user, the call to action, the premium members line, the
 * carousel (timing, reduced motion, fallback), the list failure message and refresh.
 */

let sys: E2eSystem;
const ids: string[] = [];

test.beforeAll(async () => {
  test.setTimeout(120_000);
  sys = await startE2eSystem();
  // Newest first on the landing: the preview shows stories 6, 5, 4 (premium), 3, 2.
  for (const [index, story] of SAMPLE_STORIES.slice(0, 7).entries()) {
    ids.push(await publishSampleStory(sys.baseURL, sys.adminPassword, story, index));
  }
  await sys.settle();
});

test.afterAll(async () => {
  await sys?.stop();
});

const url = (path: string) => `${sys.baseURL}${path}`;
const grid = (page: Page) => page.getByRole('list', { name: 'Latest stories' });
const cards = (page: Page) => grid(page).getByRole('listitem');

async function expectFocusInside(page: Page, selector: string) {
  expect(
    await page.evaluate(
      (s) => Boolean(document.querySelector(s)?.contains(document.activeElement)),
      selector,
    ),
  ).toBe(true);
}

test('a visitor sees the header, the hero, five story cards and the call to action', async ({ page }) => {
  await page.goto(url('/'));
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Nocturne' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main', exact: true });
  for (const name of ['How', 'About Us', 'Contact'])
    await expect(nav.getByRole('button', { name })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Policies' })).toHaveAttribute('href', '/policy');
  await expect(header.getByRole('button', { name: 'Refresh stories' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/auth/login');
  await expect(header.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/auth/signup');
  await expect(header.getByRole('link', { name: 'My Profile' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Stories that come alive after dark');

  await expect(cards(page)).toHaveCount(5);
  const newest = cards(page).first();
  await expect(newest).toContainText('The moon witch Selene traded her silence for one night...');
  await expect(newest).toContainText('0 views');
  await expect(newest).toContainText('0 likes');
  await expect(newest.getByRole('link')).toHaveAttribute('href', `/story/${ids[6]}`);

  // The premium story (index 4) is the third card: badge, blurred image, and signup for a visitor.
  const premium = cards(page).nth(2);
  await expect(premium.getByText('Premium', { exact: true })).toBeVisible();
  await expect(premium.locator('img')).toHaveClass(/story-card__image--blurred/);
  await expect(premium.getByRole('link')).toHaveAttribute('href', '/auth/signup');

  // Every card image has its size set (no layout shift); the first row loads eagerly.
  const first = newest.locator('img');
  await expect(first).toHaveAttribute('width', '360');
  await expect(first).toHaveAttribute('height', '480');
  await expect(first).toHaveAttribute('loading', 'eager');

  const cta = page.getByRole('link', { name: 'Load More Stories' });
  await expect(cta).toHaveAttribute('href', '/auth/signup');
  await expect(page.getByRole('link', { name: 'View All Stories' })).toHaveCount(0);
});

test("the landing's page draws its first screen before any script, without the session's buttons", async ({
  page,
}) => {
  await page.route('**/*.js', (route) => route.abort());
  await page.goto(url('/'));
  await expect(page.getByText('Slow-burn romance, dark fantasy and sensual drama')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Stories that come alive after dark');
  // A signed-in reader's page would otherwise show a visitor's buttons until the app runs.
  for (const name of ['Log In', 'Sign Up', 'Start reading free', 'Load More Stories'])
    await expect(page.getByRole('link', { name })).toBeHidden();
  // Only the landing's page carries it.
  const policy = await (await page.request.get(url('/policy'))).text();
  expect(policy).not.toContain('Stories that come alive');
  expect(policy).toContain('<div id="root"></div>');
});

test("the app replaces the landing's first screen with no error, for a visitor and for a reader", async ({
  page,
}) => {
  const problems: string[] = [];
  // Playwright blocks the service worker here: its registration's own complaints are not the page's.
  const worker = /Service Worker|reading 'waiting'/;
  page.on('console', (message) => {
    if (message.type() === 'error' && !worker.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => {
    if (!worker.test(error.message)) problems.push(error.message);
  });
  await page.goto(url('/'));
  await expect(page.getByRole('link', { name: 'Start reading free' })).toBeVisible();
  await expect(page.locator('.first-render')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);

  const user = await createVerifiedUser(sys.baseURL, { prefix: 'landing-first' });
  await signIn(page, sys.baseURL, user.token);
  await page.goto(url('/'));
  await expect(page.getByRole('link', { name: 'Open my library' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start reading free' })).toHaveCount(0);
  await expect(page.locator('.first-render')).toHaveCount(0);
  expect(problems).toEqual([]);
});

for (const width of [390, 1440]) {
  test(`the story cards keep their place when the tags come after them, at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    const tags = ['city nights', 'countryside', 'festival', 'forbidden', 'gothic', 'seaside'];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/tags', async (route) => {
      await held;
      await route.fulfill({ json: { tags: [...tags, ...tags.map((tag) => `${tag} too`)] } });
    });
    await page.goto(url('/'));
    await expect(cards(page)).toHaveCount(5);
    const before = (await grid(page).boundingBox())?.y;
    release();
    const filter = page.getByRole('group', { name: 'Filter by tag' });
    await expect(filter.getByRole('button', { name: 'All' })).toBeVisible();
    expect((await grid(page).boundingBox())?.y).toBe(before);
    // One row, however many tags: the last is reached by scrolling the row, not the page.
    const row = await filter.boundingBox();
    const chip = await filter.getByRole('button', { name: 'All' }).boundingBox();
    expect(row?.height).toBeLessThan((chip?.height ?? 0) * 2);
    await filter.getByRole('button', { name: 'seaside too' }).click();
    await expect(filter.getByRole('button', { name: 'seaside too' })).toHaveAttribute('aria-pressed', 'true');
  });
}

test('a visitor follows the buttons and cards to where they lead', async ({ page }) => {
  await page.goto(url('/'));
  await cards(page).nth(2).getByRole('link').click();
  await expect(page).toHaveURL(url('/auth/signup'));

  await page.goto(url('/'));
  await cards(page).first().getByRole('link').click();
  await expect(page).toHaveURL(url(`/story/${ids[6]}`));

  await page.goto(url('/'));
  await page.getByRole('link', { name: 'Load More Stories' }).click();
  await expect(page).toHaveURL(url('/auth/signup'));

  await page.goto(url('/'));
  await page
    .getByRole('navigation', { name: 'Main', exact: true })
    .getByRole('link', { name: 'Policies' })
    .click();
  await expect(page).toHaveURL(url('/policy'));

  await page.goto(url('/'));
  await page.getByRole('banner').getByRole('link', { name: 'Log In' }).click();
  await expect(page).toHaveURL(url('/auth/login'));

  await page.goto(url('/'));
  await page.getByRole('banner').getByRole('link', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(url('/auth/signup'));
});

test('How, About Us and Contact open dialogs that trap focus, close on Escape and return focus', async ({
  page,
}) => {
  await page.goto(url('/'));
  const nav = page.getByRole('navigation', { name: 'Main', exact: true });

  await nav.getByRole('button', { name: 'How' }).click();
  const how = page.getByRole('dialog', { name: 'How It Works' });
  await expect(how).toBeVisible();
  for (const block of ['Multiple AI Models', 'Original Training Data', 'Sensational Stories']) {
    await expect(how.getByRole('heading', { name: block })).toBeVisible();
  }
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    await expectFocusInside(page, 'dialog[open]');
  }
  await page.keyboard.press('Shift+Tab');
  await expectFocusInside(page, 'dialog[open]');
  await page.keyboard.press('Escape');
  await expect(how).toHaveCount(0);
  await expect(nav.getByRole('button', { name: 'How' })).toBeFocused();

  await nav.getByRole('button', { name: 'About Us' }).click();
  const about = page.getByRole('dialog', { name: 'About Our Mission' });
  for (const figure of ['88%', '1 in 3', '70%', '$97B']) await expect(about).toContainText(figure);
  await about.getByRole('button', { name: 'Close' }).click();
  await expect(about).toHaveCount(0);
  await expect(nav.getByRole('button', { name: 'About Us' })).toBeFocused();

  await nav.getByRole('button', { name: 'Contact' }).click();
  const contact = page.getByRole('dialog', { name: 'Get In Touch' });
  await expect(contact.getByRole('link', { name: 'support@nocturne.test' })).toHaveAttribute(
    'href',
    'mailto:support@nocturne.test',
  );
  await page.keyboard.press('Escape');
  await expect(contact).toHaveCount(0);
  await expect(nav.getByRole('button', { name: 'Contact' })).toBeFocused();

  // The footer opens the same dialogs.
  await page.getByRole('contentinfo').getByRole('button', { name: 'How It Works' }).click();
  await expect(page.getByRole('dialog', { name: 'How It Works' })).toBeVisible();
  await page.keyboard.press('Escape');

  // The Exclusive Feature Access dialog (invite feature) opens from the features section.
  await showFeatures(page);
  await page.getByRole('button', { name: 'Create your own story' }).click();
  await expect(page.getByRole('dialog', { name: 'Exclusive Feature Access' })).toBeVisible();
});

test('on a phone the nav lives in the menu', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(url('/'));
  await expect(page.getByRole('navigation', { name: 'Main', exact: true })).toBeHidden();
  await page.getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('button', { name: 'About Us' }).click();
  await expect(page.getByRole('dialog', { name: 'About Our Mission' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(menu.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/auth/login');
  // Nothing is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('a logged-in user gets My Profile, View All Stories and the premium story itself', async ({ page }) => {
  const user = await createVerifiedUser(sys.baseURL, { prefix: 'landing' });
  await signIn(page, sys.baseURL, user.token);
  await page.goto(url('/'));
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'My Profile' })).toHaveAttribute('href', '/profile');
  await expect(header.getByRole('link', { name: 'Log In' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Load More Stories' })).toHaveCount(0);
  await expect(cards(page).nth(2).getByRole('link')).toHaveAttribute('href', `/story/${ids[4]}`);

  await page.getByRole('link', { name: 'View All Stories' }).click();
  await expect(page).toHaveURL(url('/profile'));
  await page.goto(url('/'));
  await header.getByRole('link', { name: 'My Profile' }).click();
  await expect(page).toHaveURL(url('/profile'));
});

test('the premium members line is hidden at 0 and shows the real count of the last 30 days', async ({
  page,
}) => {
  await page.goto(url('/'));
  await expect(cards(page)).toHaveCount(5);
  await expect(page.getByText(/became subscribers in the last 30 days/)).toHaveCount(0);

  const premiumMember = await createVerifiedUser(sys.baseURL, { prefix: 'premium' });
  await setPremium(sys.baseURL, sys.adminPassword, premiumMember.email, true);
  await sys.settle();
  await page.reload();
  await expect(page.getByText('1 users became subscribers in the last 30 days')).toBeVisible();
});

test('the list failure message replaces the grid', async ({ page }) => {
  await page.route(storyList, (route) => route.fulfill({ status: 500, json: { detail: 'boom' } }));
  await page.goto(url('/'));
  await expect(page.getByText('Failed to load stories. Please try again later.')).toBeVisible();
  await expect(grid(page)).toHaveCount(0);

  await page.unroute(storyList);
  await page.route(storyList, (route) => route.fulfill({ status: 200, json: { not: 'an array' } }));
  await page.reload();
  await expect(page.getByText('Failed to load stories. Please try again later.')).toBeVisible();
});

test('refresh fetches the stories again', async ({ page }) => {
  await page.goto(url('/'));
  await expect(cards(page)).toHaveCount(5);
  const text = 'A brand new story arrives while the reader is already on the page, and refresh shows it.';
  ids.push(await publishSampleStory(sys.baseURL, sys.adminPassword, { texts: [text, 'The end.'] }, 9));
  await sys.settle();
  await page.getByRole('button', { name: 'Refresh stories' }).click();
  await expect(cards(page).first()).toContainText('A brand new story arrives while the reader is already...');
  await expect(cards(page)).toHaveCount(5);
});

test.describe('the character carousel', () => {
  const active = (page: Page) => page.getByRole('group', { name: /of 4:/ });

  test('shows the next character every 3 seconds', async ({ page }) => {
    await page.clock.install();
    await page.goto(url('/'));
    await showFeatures(page);
    await expect(active(page)).toHaveAttribute('aria-label', '1 of 4: Selene');
    await page.clock.runFor(2_900);
    await expect(active(page)).toHaveAttribute('aria-label', '1 of 4: Selene');
    await page.clock.runFor(200);
    await expect(active(page)).toHaveAttribute('aria-label', '2 of 4: Aurelio');
    await page.clock.runFor(3_000);
    await expect(active(page)).toHaveAttribute('aria-label', '3 of 4: Mira');
    await page.clock.runFor(6_000);
    await expect(active(page)).toHaveAttribute('aria-label', '1 of 4: Selene');
  });

  test('does not move by itself under prefers-reduced-motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto(url('/'));
    await showFeatures(page);
    await page.clock.runFor(10_000);
    await expect(active(page)).toHaveAttribute('aria-label', '1 of 4: Selene');
    await page.getByRole('button', { name: 'Next character' }).click();
    await expect(active(page)).toHaveAttribute('aria-label', '2 of 4: Aurelio');
    await page.getByRole('button', { name: 'Show Kael' }).click();
    await expect(active(page)).toHaveAttribute('aria-label', '4 of 4: Kael');
  });

  test('shows a placeholder when an image fails', async ({ page }) => {
    await page.route('**/characters/selene.svg', (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto(url('/'));
    await showFeatures(page);
    await expect(active(page).getByTestId('carousel-placeholder')).toContainText('Selene');
    await expect(active(page).locator('img')).toHaveCount(0);
  });
});
