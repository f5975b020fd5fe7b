import type { Page } from '@playwright/test';
import { E2E_INVITE_CODES, expect, test } from './fixtures';
import { premiumStoriesRemaining, signedInContext } from './support/members';
import { keysStepThroughThreeSlides } from './support/slides';
import { sceneImage } from './support/web-data';

/**
 * Stories end to end: publish a story through the creation form with an invite code,
 * read it to The End by scrolling, like it and see the count on the landing card; the keyboard
 * in the reader; login required and the premium gate; a premium account reads a premium story
 * and its remaining count drops by one, once.
 */

const INVITE_CODE = E2E_INVITE_CODES[0]!;

const naturalWidth = (page: Page, name: string) =>
  page
    .getByRole('img', { name })
    .evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth);

test('create a story through the form, read it to The End by scrolling, like it, see the count on the landing card', async ({
  page,
}) => {
  await page.addInitScript(`localStorage.setItem('invite_code', ${JSON.stringify(INVITE_CODE)})`);
  await page.setViewportSize({ width: 390, height: 780 });
  await page.goto('/create_stories');
  await expect(page.getByRole('heading', { name: 'Create a New Story' })).toBeVisible();

  // The product's validation message before anything is filled in.
  await page.getByRole('button', { name: 'Publish Story' }).click();
  await expect(page.getByText('Please provide at least 2 slides (image + text).')).toBeVisible();

  const stamp = Date.now().toString(36);
  const first = `Moonlight spilled over the harbour ${stamp}. She waited. He came at last!`;
  const second = 'They walked until the lanterns went out. Nobody saw them again.';
  await page
    .getByLabel('Image for slide 1')
    .setInputFiles({ name: 'harbour.png', mimeType: 'image/png', buffer: await sceneImage(210, 1) });
  await page.getByLabel('Text for slide 1').fill(first);
  await expect(page.getByText('12/500')).toBeVisible();
  await page
    .getByLabel('Image for slide 2')
    .setInputFiles({ name: 'lanterns.png', mimeType: 'image/png', buffer: await sceneImage(30, 2) });
  await page.getByLabel('Text for slide 2').fill(second);
  // The creator describes the second image for readers who cannot see it; the first keeps the
  // fallback, its text's first sentence.
  await page.getByLabel('Image description for slide 2').fill('Paper lanterns drifting over dark water');
  await expect(page.getByRole('img', { name: 'Your choice for slide 2' })).toBeVisible();

  await page.getByRole('button', { name: 'Publish Story' }).click();
  await expect(page).toHaveURL(/\/story\/[0-9a-f-]{36}$/);

  // The reader: first slide, counter, the one-time hint, a real image.
  await expect(page.getByText('1/2', { exact: true })).toBeVisible();
  await expect(page.getByText(first)).toBeVisible();
  await expect(page.getByText('Scroll to continue the story')).toBeVisible();
  await expect
    .poll(() => naturalWidth(page, `Moonlight spilled over the harbour ${stamp}.`))
    .toBeGreaterThan(0);

  // Scroll down like a reader until The End is on screen.
  const end = page.getByRole('heading', { name: 'The End' });
  const endOnScreen = () =>
    end.evaluate((el) => {
      const box = (el as unknown as { getBoundingClientRect(): { top: number } }).getBoundingClientRect();
      return box.top < (globalThis as unknown as { innerHeight: number }).innerHeight - 40;
    });
  let sawSecond = false;
  let described = false;
  for (let i = 0; i < 80 && !(await endOnScreen()); i++) {
    await page.mouse.wheel(0, 250);
    await page.waitForTimeout(60);
    sawSecond ||= await page.getByText('2/2', { exact: true }).isVisible();
    described ||=
      (await page.getByRole('img', { name: 'Paper lanterns drifting over dark water' }).count()) === 1;
  }
  expect(sawSecond).toBe(true);
  expect(described, "the second slide's image is described as its creator wrote").toBe(true);
  await expect(page.getByText('Scroll to continue the story')).toBeHidden();
  await expect(end).toBeInViewport();

  const like = page.getByRole('button', { name: /Like/ });
  await expect(like).toContainText('0');
  await like.click();
  await expect(like).toBeDisabled();
  await expect(like).toContainText('1');

  // "Read More Stories" leads back to the landing, whose card shows the like.
  await page.getByRole('link', { name: 'Read More Stories' }).click();
  await expect(page).toHaveURL(/\/$/);
  const card = page.locator('article', { hasText: `Moonlight spilled over the harbour ${stamp}.` });
  await expect(card).toBeVisible();
  await expect(card.locator('.story-card__stat--likes')).toContainText('1');
});

test('the reader moves one slide at a time with the keyboard and announces it', async ({
  page,
  api,
  nocturne,
}) => {
  const { id } = await api.publishStory({ texts: ['One. Two.', 'Three!', 'Four?'] });
  await nocturne.settle();
  await page.goto(`/story/${id}`);
  await keysStepThroughThreeSlides(page);
  await page.keyboard.press('ArrowUp');
  await expect(page.getByText('2/3', { exact: true })).toBeVisible();
});

test('a premium story: login required for a visitor, the premium gate for a free account, not found', async ({
  browser,
  baseURL,
  api,
  nocturne,
}) => {
  const { id } = await api.publishStory({
    texts: ['A premium night begins.', 'Only for premium readers.'],
    isPremium: true,
  });
  await nocturne.settle();

  const visitor = await browser.newPage({ baseURL });
  await visitor.goto(`/story/${id}`);
  await expect(visitor.getByText('Login required for premium stories')).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Back to Stories' })).toBeVisible();
  await visitor.close();

  const free = await api.createVerifiedUser({ prefix: 'free' });
  const { context, page } = await signedInContext(browser, free, { baseURL });
  await page.goto(`/story/${id}`);
  await expect(page.getByRole('heading', { name: 'This is a Premium Story' })).toBeVisible();
  await expect(page.getByText('Only for premium readers.')).toHaveCount(0);

  await page.goto('/story/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('Story not found.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Stories' })).toBeVisible();
  await context.close();
});

test('a premium account reads a premium story and its remaining count drops by one, once', async ({
  browser,
  baseURL,
  api,
  nocturne,
}) => {
  const { id } = await api.publishStory({
    texts: ['Velvet and candlelight.', 'The second premium page.'],
    isPremium: true,
  });
  const reader = await api.createVerifiedUser({ prefix: 'premium' });
  await api.setPremium(reader.email, true);
  await nocturne.settle();
  expect(await premiumStoriesRemaining(baseURL!, reader)).toBe(30);

  const { context, page } = await signedInContext(browser, reader, { baseURL });
  await page.goto(`/story/${id}`);
  // Asked first; asking spent nothing.
  const ask = page.getByRole('dialog', { name: 'Open this premium story?' });
  await expect(ask).toBeVisible();
  expect(await premiumStoriesRemaining(baseURL!, reader)).toBe(30);
  await ask.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByText('Velvet and candlelight.')).toBeVisible();
  await expect.poll(() => naturalWidth(page, 'Velvet and candlelight.')).toBeGreaterThan(0);
  await nocturne.settle();
  expect(await premiumStoriesRemaining(baseURL!, reader)).toBe(29);

  // Reading it again (reload, or coming back later) is free.
  await page.reload();
  await expect(page.getByText('Velvet and candlelight.')).toBeVisible();
  await page.goto('/');
  await page.goto(`/story/${id}`);
  await expect(page.getByText('Velvet and candlelight.')).toBeVisible();
  await nocturne.settle();
  expect(await premiumStoriesRemaining(baseURL!, reader)).toBe(29);
  await context.close();
});
