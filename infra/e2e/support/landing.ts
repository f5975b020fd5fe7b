import type { Page } from '@playwright/test';

/**
 * Scrolls the landing's features section into view: it loads when its place nears the viewport
 * (web/src/landing/LazyFeatures.tsx), as a reader's scrolling would load it.
 */
export async function showFeatures(page: Page): Promise<void> {
  // Scrolled by the page itself: the placeholder is replaced as soon as it nears the viewport.
  await page.evaluate(() => document.querySelector('section.features')?.scrollIntoView());
  await page.getByRole('heading', { name: 'Characters you will not forget' }).waitFor();
}
