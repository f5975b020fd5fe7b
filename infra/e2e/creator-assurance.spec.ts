import { ageAssuranceMessages, creatorAssuranceMessages } from '@nocturne/domain';
import { sql } from 'kysely';
import { AGE_ASSURANCE_REQUIRED, expect, test, testOnOwnSystem } from './fixtures';
import { signedIn } from './support/members';
import { sendStoryForm } from './support/story-form';

/**
 * A creator and an Explicit story, where the product assures ages: the form says beforehand that
 * Explicit asks for a confirmed age; a creator who has not confirmed theirs is refused with the
 * way to do it and nothing is published, while Mature goes out as usual; once they have confirmed
 * their age (signed in, on an Explicit story's page, with the local test wallet), Explicit
 * publishes.
 */
const required = testOnOwnSystem({ ageAssurance: AGE_ASSURANCE_REQUIRED });

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
    const refused = await sendStoryForm(page, [explicitText, 'Masks came off.'], {
      rating: 'Explicit',
      penName,
    });
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
    await sendStoryForm(page, [`The orchard ${stamp} at dusk.`, 'The letters were there.'], {
      rating: 'Mature',
      penName,
    });
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
    await sendStoryForm(page, [explicitText, 'Masks came off.'], { rating: 'Explicit' });
    await expect(page.getByText('Your story has been published')).toBeVisible();
  },
);
