import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';
import { expectNoSeriousViolations, VIEWPORTS } from './support/screen-checks';
import { openStoriesTab } from './support/staff';
import { signIn } from './support/web-data';

/**
 * "Find a story": the search box on the profile and in the admin stories tab
 * finds a story by a word of its fourth slide, says when nothing matches, and passes axe, on a
 * phone and on a desktop.
 */

/** A story whose fourth slide alone holds a word no other story has (letters only: one lexeme). */
async function publishStoryWithWordOnFourthSlide(
  api: { publishStory(story: { texts: string[] }): Promise<{ id: string }> },
  settle: () => Promise<void>,
) {
  const word = `moor${randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 8)}`;
  const texts = [
    'The tide went out at dusk.',
    'Nobody came.',
    'The lamp stayed dark.',
    `Then the ${word} sang.`,
  ];
  await api.publishStory({ texts });
  await settle();
  return { word, opening: texts[0]! };
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('a member finds a story from the profile by a word of its fourth slide', async ({
      page,
      api,
      nocturne,
    }) => {
      const { word, opening } = await publishStoryWithWordOnFourthSlide(api, () => nocturne.settle());
      const member = await api.createVerifiedUser({ prefix: 'searcher' });
      await signIn(page, nocturne.baseURL, member.token);
      await page.goto('/profile');

      const field = page.getByRole('searchbox', { name: 'Find a story' });
      await field.fill(word);
      const found = page.getByRole('list', { name: 'Stories found' }).getByRole('listitem');
      await expect(found).toHaveCount(1);
      await expect(found.first()).toContainText(opening);
      await expect(page.getByText(`1 story matches “${word}”`)).toBeVisible();
      await expectNoSeriousViolations(page, 'the profile with search results');

      await field.fill(`${word}zz`);
      await field.press('Enter');
      await expect(page.getByText(`No stories match “${word}zz”.`)).toBeVisible();
      await expect(page.getByRole('list', { name: 'Stories found' })).toHaveCount(0);
      await expectNoSeriousViolations(page, 'the profile with no search result');
    });

    test('an admin finds the story in the stories tab', async ({ page, api, nocturne }) => {
      const { word } = await publishStoryWithWordOnFourthSlide(api, () => nocturne.settle());
      await page.goto('/admin_panel');
      await page.getByLabel('Admin password').fill(nocturne.adminPassword);
      await page.getByRole('button', { name: 'Access Admin Panel' }).click();
      await openStoriesTab(page);
      const field = page.getByRole('searchbox', { name: 'Search stories' });
      await field.fill(word);
      await expect(page.getByText(`1 story matches “${word}”`)).toBeVisible();
      await expectNoSeriousViolations(page, 'the admin stories tab with search results');
    });
  });
}
