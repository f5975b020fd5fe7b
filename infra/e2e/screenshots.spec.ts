import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { type ApiUser, createVerifiedUser } from './fixtures/api';
import { type E2eSystem, startE2eSystem } from './fixtures/system';
import { publishSampleStory, SAMPLE_STORIES, signIn } from './support/web-data';

/**
 * Screenshots for people to look at (issue 6): the landing, a story card grid, the reader and
 * the profile at 390x844 and 1440x900, written to artifacts/screenshots/ (gitignored).
 */

const OUT = fileURLToPath(new URL('../../artifacts/screenshots/', import.meta.url));
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
];

let sys: E2eSystem;
let user: ApiUser;
let storyId: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  mkdirSync(OUT, { recursive: true });
  sys = await startE2eSystem();
  const stories = [...SAMPLE_STORIES, ...SAMPLE_STORIES.slice(0, 4)];
  for (const [index, story] of stories.entries()) {
    const id = await publishSampleStory(sys.baseURL, sys.adminPassword, story, index);
    if (!story.isPremium) storyId = id;
  }
  user = await createVerifiedUser(sys.baseURL, { prefix: 'screens' });
  await sys.settle();
});

test.afterAll(async () => {
  await sys?.stop();
});

/** Scrolls through the page so lazy images load, then back to the top, and waits for every image. */
async function settleImages(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete));
  await page.waitForTimeout(400);
}

for (const viewport of VIEWPORTS) {
  const size = `${viewport.width}x${viewport.height}`;

  test(`landing and card grid at ${size}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.emulateMedia({ reducedMotion: 'reduce' }); // a still carousel
    await page.goto(`${sys.baseURL}/`);
    await expect(page.getByRole('list', { name: 'Latest stories' }).getByRole('listitem')).toHaveCount(5);
    await settleImages(page);
    await page.screenshot({ path: `${OUT}landing-${size}.png`, fullPage: true });
    await page.screenshot({ path: `${OUT}landing-fold-${size}.png` });
    await page
      .getByRole('list', { name: 'Latest stories' })
      .screenshot({ path: `${OUT}card-grid-${size}.png` });
  });

  test(`reader at ${size}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto(`${sys.baseURL}/story/${storyId}`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(600);
    await page.screenshot({ path: `${OUT}reader-${size}.png` });
  });

  test(`profile at ${size}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page, sys.baseURL, user.token);
    await page.goto(`${sys.baseURL}/profile`);
    await expect(page.getByRole('list', { name: 'All stories' }).getByRole('listitem')).toHaveCount(6);
    await settleImages(page);
    await page.screenshot({ path: `${OUT}profile-${size}.png`, fullPage: true });
    await page.screenshot({ path: `${OUT}profile-fold-${size}.png` });
  });
}
