import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type ApiUser, createVerifiedUser } from '@nocturne/test-kit/api-client';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { type E2eSystem, startE2eSystem } from './fixtures/system';
import { expectNoSeriousViolations, VIEWPORTS } from './support/screen-checks';
import { publishSampleStory, signIn } from './support/web-data';

/**
 * Resume anywhere and the library: a reader's place follows them to another browser
 * (with "Start from the beginning"), a visitor's stays in this browser, the Continue reading row,
 * and saving/unsaving from a card seen at once in Saved. Screens at 390x844 and 1440x900, axe.
 */

const OUT = fileURLToPath(new URL('../../artifacts/screenshots/', import.meta.url));

let sys: E2eSystem;
let storyId: string;
let shortId: string;
let reader: ApiUser;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  sys = await startE2eSystem();
  storyId = await publishSampleStory(sys.baseURL, sys.adminPassword, {
    texts: ['The lantern wakes.', 'A path of moths.', 'The third bridge creaks.', 'A door of rain.', 'Home.'],
    hue: 220,
  });
  shortId = await publishSampleStory(
    sys.baseURL,
    sys.adminPassword,
    { texts: ['Another night.', 'The end of it.'], hue: 40 },
    1,
  );
  await sys.settle();
  reader = await createVerifiedUser(sys.baseURL, { prefix: 'library' });
});

test.afterAll(async () => {
  await sys?.stop();
});

const url = (path: string) => `${sys.baseURL}${path}`;

/** A browser context of its own (another device) with the reader signed in. */
async function device(browser: Browser, viewport = VIEWPORTS[1]!): Promise<Page> {
  const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await signIn(page, sys.baseURL, reader.token);
  return page;
}

const recorded = (page: Page) =>
  page.waitForResponse(
    (r) => r.url().endsWith(`/api/stories/${storyId}/progress`) && r.request().method() === 'PUT' && r.ok(),
  );

test('read to slide 3 on one device, open it on another at slide 3, and start again from the beginning', async ({
  browser,
}) => {
  const phone = await device(browser, VIEWPORTS[0]);
  await phone.goto(url(`/story/${storyId}`));
  await expect(phone.getByText('1/5', { exact: true })).toBeVisible();
  // The place is sent within a few seconds, or at once on leaving the reader.
  const sent = recorded(phone);
  // One slide at a time: a key moves from the slide the reader shows.
  await phone.keyboard.press('ArrowDown');
  await expect(phone.getByText('2/5', { exact: true })).toBeVisible();
  await phone.keyboard.press('ArrowDown');
  await expect(phone.getByText('3/5', { exact: true })).toBeVisible();
  await phone.getByRole('link', { name: 'Back' }).click();
  expect(await (await sent).json()).toMatchObject({ slide: 2 });

  const desktop = await device(browser);
  await desktop.goto(url(`/story/${storyId}`));
  await expect(desktop.getByText('3/5', { exact: true })).toBeVisible();
  await expect(desktop.getByText('The third bridge creaks.')).toBeVisible();
  const restart = desktop.getByRole('button', { name: 'Start from the beginning' });
  await expect(restart).toBeVisible();
  await expectNoSeriousViolations(desktop, 'the resumed reader');
  await restart.click();
  await expect(desktop.getByText('1/5', { exact: true })).toBeVisible();
  await expect(restart).toHaveCount(0);

  // The profile's Continue reading row lists it.
  await desktop.goto(url('/profile'));
  const row = desktop.getByRole('list', { name: 'Continue reading' });
  await expect(row.getByRole('listitem')).toHaveCount(1);
  await expect(row).toContainText('The lantern wakes.');
  await phone.context().close();
  await desktop.context().close();
});

test("a visitor's place stays in their browser and resumes there", async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto(url(`/story/${storyId}`));
  await expect(page.getByText('1/5', { exact: true })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByText('2/5', { exact: true })).toBeVisible();
  await page.goto(url('/'));
  await page.goto(url(`/story/${storyId}`));
  await expect(page.getByText('2/5', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start from the beginning' })).toBeVisible();
  await context.close();
});

test('save and unsave from the card, seen in Saved at once', async ({ browser }) => {
  for (const viewport of VIEWPORTS) {
    const page = await device(browser, viewport);
    await page.goto(url('/profile'));
    // Started on the first test's devices (and back at its start): still one to continue.
    await expect(page.getByRole('list', { name: 'Continue reading' }).getByRole('listitem')).toHaveCount(1);
    const all = page.getByRole('list', { name: 'All stories' });
    const card = all.getByRole('listitem').filter({ hasText: 'The lantern wakes.' });
    const bookmark = card.getByRole('button', { name: 'Save story' });
    await expect(bookmark).toHaveAttribute('aria-pressed', 'false');
    await bookmark.click();
    await expect(bookmark).toHaveAttribute('aria-pressed', 'true');

    await page.getByRole('button', { name: 'Saved', exact: true }).click();
    const saved = page.getByRole('list', { name: 'Saved stories' });
    await expect(saved.getByRole('listitem')).toHaveCount(1);
    await expect(saved).toContainText('The lantern wakes.');
    mkdirSync(OUT, { recursive: true });
    await page.screenshot({
      path: `${OUT}library-saved-${viewport.width}x${viewport.height}.png`,
      fullPage: true,
    });
    await expectNoSeriousViolations(page, `the Saved shelf at ${viewport.width}x${viewport.height}`);

    // Clicking again undoes it.
    await saved.getByRole('button', { name: 'Save story' }).click();
    await expect(page.getByText('Save a story with its bookmark to keep it here.')).toBeVisible();
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await expect(bookmark).toHaveAttribute('aria-pressed', 'false');
    await page.context().close();
  }
});

test('reaching The End marks the story read, and The End keeps it in Saved', async ({ browser }) => {
  const page = await device(browser, VIEWPORTS[0]);
  await page.goto(url(`/story/${shortId}`));
  await expect(page.getByText('1/2', { exact: true })).toBeVisible();
  const finished = page.waitForResponse(
    (r) => r.url().endsWith(`/api/stories/${shortId}/finished`) && r.request().method() === 'PUT' && r.ok(),
  );
  await page.keyboard.press('PageDown');
  await expect(page.getByText('2/2', { exact: true })).toBeVisible();
  await page.keyboard.press('PageDown');
  await expect(page.getByRole('heading', { name: 'The End' })).toBeInViewport();
  await finished;
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await save.click();
  await expect(page.getByRole('button', { name: 'Saved', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expectNoSeriousViolations(page, 'The End with its bookmark');

  await page.goto(url('/profile'));
  await page.getByRole('button', { name: 'Read', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Read stories' })).toContainText('Another night.');
  await page.getByRole('button', { name: 'Saved', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Saved stories' })).toContainText('Another night.');
  await page.context().close();
});
