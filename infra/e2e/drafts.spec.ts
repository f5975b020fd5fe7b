import type { Locator } from '@playwright/test';
import { type ApiUser, expect, type Page, publishStoryAs, storyForm, test } from './fixtures';
import { creatorNamed, signedIn } from './support/members';
import {
  expectFitsWidth,
  expectNoSeriousViolations,
  expectShortLabelsWhole,
  VIEWPORTS,
} from './support/screen-checks';
import { sceneImage } from './support/web-data';

/**
 * Creators' drafts end to end: a member saves a draft through the form, finds it in the studio
 * and publishes it, and it is listed; a published story edited in the studio shows its revision
 * to a reader, and unpublishing it (after the confirm) takes it off the studio; a draft scheduled
 * a few seconds ahead goes live by the scheduler (the e2e product polls every second); unschedule
 * and delete from the studio. The studio with drafts at 390x844 and 1440x900 with axe.
 */

async function saveDraftAs(baseURL: string, creator: ApiUser, texts: string[]): Promise<string> {
  const response = await fetch(`${baseURL}/api/drafts`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${creator.token}` },
    body: await storyForm({ texts }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

// A whole publish through the studio, and the scheduler's wait, outlast the default timeout.
test.describe.configure({ timeout: 120_000 });

const draftsOf = (page: Page) => page.getByRole('region', { name: 'Drafts' }).getByTestId('studio-draft');

test('a member saves a draft through the form, finds it in the studio and publishes it; it is listed', async ({
  page,
  api,
  baseURL,
}) => {
  const { creator, stamp } = await creatorNamed(api, baseURL!, 'Lantern');
  await signedIn(page, creator);
  const opening = `The tide kept a secret ${stamp}`;

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Generate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a New Story' });
  for (const [i, text] of [`${opening}.`, 'The moon kept another.'].entries()) {
    await dialog.getByLabel(`Image for slide ${i + 1}`).setInputFiles({
      name: `s${i}.png`,
      mimeType: 'image/png',
      buffer: await sceneImage(200 + i * 30, i + 1),
    });
    await dialog.getByLabel(`Text for slide ${i + 1}`).fill(text);
  }
  await dialog.getByLabel('Premium story').check();
  await dialog.getByRole('button', { name: 'Save as draft' }).click();
  await expect(page.getByText('Your draft is saved.')).toBeVisible();

  await page.goto('/studio');
  const draft = draftsOf(page).filter({ hasText: opening });
  await expect(draft).toHaveCount(1);
  await expect(draft.getByText('Premium')).toBeVisible();

  // Edit opens the form on the draft, its texts and images kept.
  await draft.getByRole('button', { name: /^Edit/ }).click();
  const editor = page.getByRole('dialog', { name: 'Edit Draft' });
  await expect(editor.getByLabel('Text for slide 2')).toHaveValue('The moon kept another.');
  await expect(editor.getByLabel('Premium story')).toBeChecked();
  await editor.getByLabel('Text for slide 2').fill('The moon kept a second one.');
  await editor.getByRole('button', { name: 'Save draft' }).click();
  await expect(editor).toBeHidden();

  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.reload();
    await expect(draftsOf(page).filter({ hasText: opening })).toHaveCount(1);
    await expectNoSeriousViolations(page, `the studio with drafts at ${viewport.width}x${viewport.height}`);
    await expectFitsWidth(page, `the studio with drafts at ${viewport.width}x${viewport.height}`);
    await expectShortLabelsWhole(page.locator('main'), `the studio with drafts at ${viewport.width}`);
  }

  await draftsOf(page)
    .filter({ hasText: opening })
    .getByRole('button', { name: /^Publish now/ })
    .click();
  await expect(draftsOf(page).filter({ hasText: opening })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Drafts' }).getByText('No drafts.')).toBeVisible();

  await page.goto('/');
  await expect(page.getByRole('article').filter({ hasText: opening })).toHaveCount(1);
});

test('a story edited in the studio shows its revision to a reader; unpublish asks first', async ({
  browser,
  page,
  api,
  baseURL,
}) => {
  const { creator, stamp } = await creatorNamed(api, baseURL!, 'Lantern');
  const { id } = await publishStoryAs(baseURL!, creator, {
    texts: [`The old door ${stamp}.`, 'It creaked.'],
  });
  await signedIn(page, creator);

  await page.goto('/studio');
  // By its link: the revision changes its title.
  const story = page.getByTestId('studio-story').filter({ has: page.locator(`a[href="/story/${id}"]`) });
  await story.getByRole('button', { name: /^Edit/ }).click();
  const editor = page.getByRole('dialog', { name: 'Edit Story' });
  const revised = `The old door opened by itself ${stamp}.`;
  await editor.getByLabel('Text for slide 1').fill(revised);
  await editor.getByRole('button', { name: 'Save Revision' }).click();
  await expect(editor).toBeHidden();

  const reader = await browser.newPage();
  await reader.goto(`${baseURL}/story/${id}`);
  await expect(reader.getByText(revised)).toBeVisible();
  await reader.close();

  await story.getByRole('button', { name: /^Unpublish/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Unpublish this story?' });
  await expect(confirm).toContainText('It leaves every list');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(story).toHaveCount(1);
  await story.getByRole('button', { name: /^Unpublish/ }).click();
  await confirm.getByRole('button', { name: 'Unpublish' }).click();
  await expect(story).toHaveCount(0);
  expect((await fetch(`${baseURL}/api/stories/${id}`)).status).toBe(404);
});

test('a draft scheduled a few seconds ahead goes live; another is unscheduled and deleted', async ({
  page,
  api,
  baseURL,
}) => {
  const { creator, stamp } = await creatorNamed(api, baseURL!, 'Lantern');
  const soon = await saveDraftAs(baseURL!, creator, [`The clock struck nine ${stamp}.`, 'Then ten.']);
  const later = await saveDraftAs(baseURL!, creator, [`A letter for next week ${stamp}.`, 'Sealed.']);
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
  const scheduled = await fetch(`${baseURL}/api/drafts/${later}/schedule`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${creator.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ publishAt: tomorrow }),
  });
  expect(scheduled.status).toBe(200);
  await signedIn(page, creator);

  await page.goto('/studio');
  const nine = draftsOf(page).filter({ hasText: `The clock struck nine ${stamp}` });
  await nine.getByRole('button', { name: /^Edit/ }).click();
  const editor = page.getByRole('dialog', { name: 'Edit Draft' });
  // The browser's local time, a few seconds ahead (datetime-local takes seconds).
  const at = await page.evaluate(() => {
    const d = new Date(Date.now() + 6_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  });
  await editor.getByLabel('Publish on').fill(at);
  await editor.getByRole('button', { name: 'Schedule' }).click();
  await expect(editor).toBeHidden();
  await expect(nine.getByText('Scheduled for')).toBeVisible();

  await expect
    .poll(async () => (await fetch(`${baseURL}/api/stories/${soon}`)).status, { timeout: 30_000 })
    .toBe(200);
  await page.reload();
  await expect(nine).toHaveCount(0);

  const letter = draftsOf(page).filter({ hasText: `A letter for next week ${stamp}` });
  await expect(letter.getByText('Scheduled for')).toBeVisible();
  await letter.getByRole('button', { name: /^Unschedule/ }).click();
  await expect(letter).toContainText('Saved');
  await expect(letter.getByText('Scheduled for')).toHaveCount(0);

  await letter.getByRole('button', { name: /^Delete/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this draft?' });
  await confirm.getByRole('button', { name: 'Delete draft' }).focus();
  await page.keyboard.press('Enter');
  await expect(letter).toHaveCount(0);
  expect(
    (
      await fetch(`${baseURL}/api/me/drafts/${later}`, {
        headers: { Authorization: `Bearer ${creator.token}` },
      })
    ).status,
  ).toBe(404);
});

/** Drops one image on a drop zone as a browser does: a drag carrying the file, then the drop. */
async function dropImage(zone: Locator, name: string, image: Buffer): Promise<void> {
  const dataTransfer = await zone.page().evaluateHandle(
    ({ name, bytes }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes)], name, { type: 'image/png' }));
      return transfer;
    },
    { name, bytes: [...image] },
  );
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
}

for (const viewport of VIEWPORTS) {
  const size = `${viewport.width}x${viewport.height}`;
  test(`a creator drafts a story in the studio by dropping three images at ${size}`, async ({
    page,
    api,
    baseURL,
  }) => {
    await page.setViewportSize(viewport);
    const { creator, stamp } = await creatorNamed(api, baseURL!, 'Ember');
    await signedIn(page, creator);
    const opening = `Three lanterns on the water ${stamp}`;

    await page.goto('/studio');
    await page.getByRole('button', { name: 'New story' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a New Story' });
    await dialog.getByRole('button', { name: 'Add Slide' }).click();
    const texts = [`${opening}.`, 'The second drifted east.', 'The third went out.'];
    for (const [i, text] of texts.entries()) {
      // The zone is the slide's image field: the picture dropped on it shows there at once.
      const zone = dialog.locator('.drop-zone', { has: page.getByLabel(`Image for slide ${i + 1}`) });
      await dropImage(zone, `lantern-${i + 1}.png`, await sceneImage(30 + i * 40, i + 7));
      await expect(dialog.getByRole('img', { name: `Your choice for slide ${i + 1}` })).toBeVisible();
      await dialog.getByLabel(`Text for slide ${i + 1}`).fill(text);
    }
    await expectNoSeriousViolations(page, `three slides dropped at ${size}`);
    await expectFitsWidth(page, `three slides dropped at ${size}`);
    await test.info().attach(`three slides dropped at ${size}`, {
      body: await page.screenshot({ fullPage: true }),
      contentType: 'image/png',
    });

    await dialog.getByRole('button', { name: 'Save as draft' }).click();
    await expect(page.getByText('Your draft is saved.')).toBeVisible();
    await expect(dialog).toBeHidden();
    const draft = draftsOf(page).filter({ hasText: opening });
    await expect(draft).toHaveCount(1);
    await expectNoSeriousViolations(page, `the studio with the dropped draft at ${size}`);
    await expectFitsWidth(page, `the studio with the dropped draft at ${size}`);

    // The draft kept the three pictures, in the order they were dropped.
    await draft.getByRole('button', { name: /^Edit/ }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Draft' });
    for (const [i, text] of texts.entries()) {
      await expect(editor.getByRole('img', { name: `Saved for slide ${i + 1}` })).toBeVisible();
      await expect(editor.getByLabel(`Text for slide ${i + 1}`)).toHaveValue(text);
    }
  });
}
