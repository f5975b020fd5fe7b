import type { Locator, Page } from '@playwright/test';
import { sceneImage } from './web-data';

/**
 * Opens the profile's creation form, fills two or more slides (a picture and a text each), the
 * pen name a first story asks for and a rating when given, and sends it; the dialog, to read
 * what it answered.
 */
export async function sendStoryForm(
  page: Page,
  texts: string[],
  options: { penName?: string; rating?: 'General' | 'Mature' | 'Explicit' } = {},
): Promise<Locator> {
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Generate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a New Story' });
  if (options.penName !== undefined) await dialog.getByLabel('Pen name').fill(options.penName);
  for (const [i, text] of texts.entries()) {
    await dialog.getByLabel(`Image for slide ${i + 1}`).setInputFiles({
      name: `s${i}.png`,
      mimeType: 'image/png',
      buffer: await sceneImage(120 + i * 40, i + 1),
    });
    await dialog.getByLabel(`Text for slide ${i + 1}`).fill(text);
  }
  if (options.rating) await dialog.getByRole('radio', { name: options.rating }).check();
  await dialog.getByRole('button', { name: 'Publish Story' }).click();
  return dialog;
}
