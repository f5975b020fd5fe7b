import { type ApiUser, createVerifiedUser } from '@nocturne/test-kit/api-client';
import { expect, test } from '@playwright/test';
import { type E2eSystem, startE2eSystem } from './fixtures/system';
import { showFeatures } from './support/landing';
import { expectNoSeriousViolations } from './support/screen-checks';
import { publishSampleStory, SAMPLE_STORIES, signIn } from './support/web-data';

/**
 * Accessibility: zero serious or critical axe violations on every route, logged out
 * and logged in, and with every dialog open.
 */

let sys: E2eSystem;
let user: ApiUser;
let freeId: string;
let premiumId: string;

test.beforeAll(async () => {
  sys = await startE2eSystem();
  freeId = await publishSampleStory(sys.baseURL, sys.adminPassword, SAMPLE_STORIES[0]!, 0);
  premiumId = await publishSampleStory(sys.baseURL, sys.adminPassword, SAMPLE_STORIES[1]!, 1);
  user = await createVerifiedUser(sys.baseURL, { prefix: 'axe' });
  await sys.settle();
});

test.afterAll(async () => {
  await sys?.stop();
});

const loggedOutRoutes = () => [
  '/',
  '/policy',
  '/auth/login',
  '/auth/signup',
  '/auth/verify?token=not-a-real-token',
  '/auth/reset-password',
  '/invite',
  '/create_stories',
  '/subscription',
  '/subscription-manage',
  '/profile',
  `/story/${freeId}`,
  `/story/${premiumId}`,
  '/admin_panel',
  '/no-such-page',
];

const loggedInRoutes = () => [
  '/',
  '/profile',
  '/policy',
  `/story/${freeId}`,
  `/story/${premiumId}`,
  '/subscription',
  '/subscription-manage',
  '/my-premium',
  '/invite',
  '/no-such-page',
];

test('every route, logged out', async ({ page }) => {
  test.setTimeout(180_000);
  for (const path of loggedOutRoutes()) {
    await page.goto(`${sys.baseURL}${path}`);
    await expectNoSeriousViolations(page, `logged out ${path}`);
  }
});

test('every route, logged in', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, sys.baseURL, user.token);
  for (const path of loggedInRoutes()) {
    await page.goto(`${sys.baseURL}${path}`);
    await expectNoSeriousViolations(page, `logged in ${path}`);
  }
});

test('every route on a phone', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ['/', '/policy', '/no-such-page', `/story/${freeId}`]) {
    await page.goto(`${sys.baseURL}${path}`);
    await expectNoSeriousViolations(page, `phone ${path}`);
  }
  await signIn(page, sys.baseURL, user.token);
  await page.goto(`${sys.baseURL}/profile`);
  await expectNoSeriousViolations(page, 'phone /profile');
});

test('the landing dialogs and menus', async ({ page }) => {
  await page.goto(`${sys.baseURL}/`);
  const nav = page.getByRole('navigation', { name: 'Main', exact: true });
  for (const [button, title] of [
    ['How', 'How It Works'],
    ['About Us', 'About Our Mission'],
    ['Contact', 'Get In Touch'],
  ] as const) {
    await nav.getByRole('button', { name: button }).click();
    await expect(page.getByRole('dialog', { name: title })).toBeVisible();
    await expectNoSeriousViolations(page, `dialog ${title}`);
    await page.keyboard.press('Escape');
  }
  await showFeatures(page);
  await page.getByRole('button', { name: 'Create your own story' }).click();
  await expect(page.getByRole('dialog', { name: 'Exclusive Feature Access' })).toBeVisible();
  await expectNoSeriousViolations(page, 'dialog Exclusive Feature Access');
});

test('the profile dialogs and menus', async ({ page }) => {
  await signIn(page, sys.baseURL, user.token);
  await page.goto(`${sys.baseURL}/profile`);
  await page.getByRole('button', { name: 'Settings' }).click();
  await expectNoSeriousViolations(page, 'profile settings menu');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByRole('dialog', { name: 'Create a New Story' })).toBeVisible();
  await expectNoSeriousViolations(page, 'dialog Create a New Story');
});

test('the admin panel, logged in', async ({ page }) => {
  await page.goto(`${sys.baseURL}/admin_panel`);
  await page.getByLabel(/password/i).fill(sys.adminPassword);
  await page.getByRole('button', { name: 'Access Admin Panel' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Access Required' })).toHaveCount(0);
  await expectNoSeriousViolations(page, 'admin panel');
});
