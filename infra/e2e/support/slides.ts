import { expect, type Page } from '@playwright/test';

/**
 * On the first slide of a three-slide story: ArrowDown and PageDown each move one slide on, and
 * the move is announced to a screen reader. Ends on slide 3.
 */
export async function keysStepThroughThreeSlides(page: Page): Promise<void> {
  await expect(page.getByText('1/3', { exact: true })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByText('2/3', { exact: true })).toBeVisible();
  await expect(page.getByText('Slide 2 of 3')).toBeAttached();
  await page.keyboard.press('PageDown');
  await expect(page.getByText('3/3', { exact: true })).toBeVisible();
}
