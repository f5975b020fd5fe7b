import { ageAssuranceMessages, creatorAssuranceMessages } from '@nocturne/domain';
import { sql } from 'kysely';
import { type E2eSystem, expect, type Page, startE2eSystem, test } from './fixtures';
import { signedIn } from './support/members';
import { sceneImage } from './support/web-data';

/**
 * A creator and an Explicit story, where the product assures ages: the form says beforehand that
 * Explicit asks for a confirmed age; a creator who has not confirmed theirs is refused with the
 * way to do it and nothing is published, while Mature goes out as usual; once they have confirmed
 * their age (signed in, on an Explicit story's page, with the local test wallet), Explicit
 * publishes.
 */
const required = test.extend<object, { nocturne: E2eSystem }>({
  nocturne: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take a destructured first argument.
    async ({}, use) => {
      const system = await startE2eSystem({
        ageAssurance: { mode: 'required', regions: [], validityDays: 365 },
      });
      await use(system);
      await system.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

/** Fills the creation form with two slides and a rating (and the pen name a first story asks), and sends it. */
async function sendForm(
  page: Page,
  texts: [string, string],
  rating: 'Mature' | 'Explicit',
  penName?: string,
) {
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Generate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a New Story' });
  if (penName !== undefined) await dialog.getByLabel('Pen name').fill(penName);
  for (const [i, text] of texts.entries()) {
    await dialog.getByLabel(`Image for slide ${i + 1}`).setInputFiles({
      name: `s${i}.png`,
      mimeType: 'image/png',
      buffer: await sceneImage(200 + i * 30, i + 1),
    });
    await dialog.getByLabel(`Text for slide ${i + 1}`).fill(text);
  }
  await dialog.getByRole('radio', { name: rating }).check();
  await dialog.getByRole('button', { name: 'Publish Story' }).click();
  return dialog;
}

required(
  'an unassured creator is told how to publish Explicit and nothing goes out; Mature does; once assured, Explicit does',
  async ({ page, api, nocturne }) => {
    test.setTimeout(180_000);
    const stamp = Date.now().toString(36);
    const creator = await api.createVerifiedUser({ prefix: 'explicit-creator' });
    await signedIn(page, creator);

    // Explicit, before any age check: the note beside the choice, then the refusal, nothing published.
    const explicitText = `The velvet room ${stamp} opened at midnight.`;
    const penName = `Masked Quill ${stamp.slice(-5)}`;
    const refused = await sendForm(page, [explicitText, 'Masks came off.'], 'Explicit', penName);
    await expect(refused.getByText(creatorAssuranceMessages.explicitNote)).toBeVisible();
    await expect(refused.getByRole('alert')).toContainText(creatorAssuranceMessages.required);
    await nocturne.settle();
    const none = await nocturne.system.infra.db
      .selectFrom('stories')
      .select('id')
      .where(sql<boolean>`card::text like ${`%${stamp}%`}`)
      .execute();
    expect(none).toEqual([]);
    await page.keyboard.press('Escape');

    // Mature needs no assurance.
    await sendForm(page, [`The orchard ${stamp} at dusk.`, 'The letters were there.'], 'Mature', penName);
    await expect(page.getByText('Your story has been published')).toBeVisible();

    // The creator confirms their age, signed in, on another's Explicit story.
    const another = `Another room ${stamp}.`;
    const { id } = await api.publishStory({ texts: [another, 'Later.'], rating: 'explicit' });
    await nocturne.settle();
    await page.goto(`/story/${id}`);
    await expect(page.getByRole('heading', { name: ageAssuranceMessages.screenTitle })).toBeVisible();
    await page.getByRole('button', { name: 'Test age wallet (local)' }).click();
    await page.getByRole('button', { name: 'Present: over 18 (age_over_18 true)' }).click();
    await expect(page.getByText(another)).toBeVisible({ timeout: 15_000 });

    // Now Explicit publishes.
    await sendForm(page, [explicitText, 'Masks came off.'], 'Explicit');
    await expect(page.getByText('Your story has been published')).toBeVisible();
  },
);
