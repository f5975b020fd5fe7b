import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type ApiUser, createVerifiedUser } from '@nocturne/test-kit/api-client';
import { expect, type Page, test } from '@playwright/test';
import { type E2eSystem, startE2eSystem } from './fixtures/system';
import { expectFitsWidth, VIEWPORTS } from './support/screen-checks';
import { publishSampleStory, SAMPLE_STORIES, signIn } from './support/web-data';

/**
 * The landing, a story card grid, the reader and the profile at a phone's 390x844 and a
 * desktop's 1440x900: each page fits its width (never scrolls sideways) and shows its key text
 * in view. The screenshots, for people to look at, go to artifacts/screenshots/
 * (gitignored).
 */

const OUT = fileURLToPath(new URL('../../artifacts/screenshots/', import.meta.url));

let sys: E2eSystem;
let user: ApiUser;
let storyId: string;
let storyOpening: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  mkdirSync(OUT, { recursive: true });
  sys = await startE2eSystem();
  const stories = [...SAMPLE_STORIES, ...SAMPLE_STORIES.slice(0, 4)];
  for (const [index, story] of stories.entries()) {
    const id = await publishSampleStory(sys.baseURL, sys.adminPassword, story, index);
    if (!story.isPremium) {
      storyId = id;
      storyOpening = story.texts[0]!;
    }
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

  test(`landing and card grid fit ${size}, the headline in view`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.emulateMedia({ reducedMotion: 'reduce' }); // a still carousel
    await page.goto(`${sys.baseURL}/`);
    await expect(page.getByRole('list', { name: 'Latest stories' }).getByRole('listitem')).toHaveCount(5);
    await settleImages(page);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Stories that come alive after dark');
    await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
    await expectFitsWidth(page, `${page.url()} at ${page.viewportSize()?.width}px`);
    await page.screenshot({ path: `${OUT}landing-${size}.png`, fullPage: true });
    await page.screenshot({ path: `${OUT}landing-fold-${size}.png` });
    await page
      .getByRole('list', { name: 'Latest stories' })
      .screenshot({ path: `${OUT}card-grid-${size}.png` });
  });

  test(`reader fits ${size}, the first slide's text in view`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto(`${sys.baseURL}/story/${storyId}`);
    await page.waitForLoadState('networkidle');
    await expect(page.getByText(storyOpening)).toBeInViewport();
    await expectFitsWidth(page, `${page.url()} at ${page.viewportSize()?.width}px`);
    await page.screenshot({ path: `${OUT}reader-${size}.png` });
  });

  test(`profile fits ${size}, its story grid in view`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page, sys.baseURL, user.token);
    await page.goto(`${sys.baseURL}/profile`);
    await expect(page.getByRole('list', { name: 'All stories' }).getByRole('listitem')).toHaveCount(6);
    await settleImages(page);
    await expect(
      page.getByRole('list', { name: 'All stories' }).getByRole('listitem').first(),
    ).toBeInViewport();
    await expectFitsWidth(page, `${page.url()} at ${page.viewportSize()?.width}px`);
    await page.screenshot({ path: `${OUT}profile-${size}.png`, fullPage: true });
    await page.screenshot({ path: `${OUT}profile-fold-${size}.png` });
  });
}
