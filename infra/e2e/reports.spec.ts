import { REPORT_REASONS, reportMessages, reportReasonLabels } from '@nocturne/domain';
import { expect, type Locator, type Page, test, uniqueEmail } from './fixtures';
import { expectFitsWidth, expectNoSeriousViolations, VIEWPORTS } from './support/screen-checks';

/**
 * Reports and moderation end to end: a visitor reports a story from its card's menu (and the
 * reader's bar opens the same dialog), is thanked, and the story stays; a moderator opens the
 * panel's Reports tab, reads the report and hides the story with a reason; the story's page then
 * answers with the statement, and the reporter gets the outcome by e-mail. At a phone's and a
 * desktop's size, with no serious axe violation.
 */

test('a visitor reports a story from its card; a moderator hides it from the Reports tab', async ({
  browser,
  baseURL,
  api,
  mailbox,
  nocturne,
}) => {
  test.setTimeout(420_000);
  const opening = `The orchard keeper hid a letter ${Date.now()}.`;
  const { id } = await api.publishStory({ texts: [opening, 'Nobody found it.'] });
  const reporters: string[] = [];

  for (const viewport of VIEWPORTS) {
    const size = `${viewport.width}x${viewport.height}`;
    const visitor = await browser.newContext({ baseURL: baseURL!, viewport });
    const page = await visitor.newPage();
    await page.goto('/');
    const card = page.locator('.story-card', { hasText: opening.slice(0, 30) });
    await card.getByRole('button', { name: 'More actions for this story' }).click();
    await card.getByRole('menuitem', { name: 'Report this story' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this story' });
    await expect(dialog).toBeVisible();
    await expectFitsWidth(page, `report dialog at ${size}`);
    await expectNoSeriousViolations(page, `report dialog at ${size}`, { waitForNetworkIdle: false });

    // Without a reason or an address the dialog says what is missing and sends nothing.
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Please choose a reason from the list');
    await dialog.getByLabel('Involves a minor').check();
    await dialog
      .getByLabel('What did you see? (optional)')
      .fill('The girl on the first slide looks about 15.');
    const email = uniqueEmail('reporter');
    reporters.push(email);
    await dialog.getByLabel('Your email address').fill(email);
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Thanks, we review every report');
    await expectNoSeriousViolations(page, `report sent at ${size}`, { waitForNetworkIdle: false });
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();

    // The reader's bar opens the same dialog; the story is still there (a report hides nothing).
    await card.getByRole('link').click();
    await page.getByRole('button', { name: 'Report this story' }).click();
    await expect(page.getByRole('dialog', { name: 'Report this story' })).toBeVisible();
    await expectNoSeriousViolations(page, `reader's report dialog at ${size}`, { waitForNetworkIdle: false });
    await page.keyboard.press('Escape');
    await expect(page.getByText(opening)).toBeVisible();
    await visitor.close();
  }

  // The moderator: the Reports tab counts the story, shows the reports, and hides it with a reason.
  for (const viewport of VIEWPORTS) {
    const size = `${viewport.width}x${viewport.height}`;
    const admin = await browser.newContext({ baseURL: baseURL!, viewport });
    const adminPage = await admin.newPage();
    await adminPage.goto('/admin_panel');
    await adminPage.getByLabel('Admin password').fill(nocturne.adminPassword);
    await adminPage.getByRole('button', { name: 'Access Admin Panel' }).click();
    const tab = adminPage.getByRole('tab', { name: /^Reports \(\d+\)$/ });
    await expect(tab).not.toHaveText('Reports (0)');
    await tab.click();
    const item = adminPage.locator(`.moderation-item[data-story-id="${id}"]`);
    await expect(item).toContainText('2 open reports, 2 urgent');
    await expect(item.getByRole('list', { name: 'Reports by reason' })).toContainText('Involves a minor: 2');
    // The story opens in the side panel, named by its text, its selection in the URL.
    await item.getByRole('button').click();
    await expect(adminPage).toHaveURL(new RegExp(`[?&]report=${id}`));
    const panel = adminPage.locator('dialog.side-panel');
    await expect(panel.locator(`.report-panel[data-story-id="${id}"]`)).toBeVisible();
    await expect(panel).toContainText('The girl on the first slide looks about 15.');
    await expect(panel.locator('.moderation-slide').getByText(opening)).toBeVisible();
    await expect(panel).toContainText("No decisions yet: this is the story's first review.");
    await expectFitsWidth(adminPage, `Reports tab at ${size}`);
    await expectNoSeriousViolations(adminPage, `Reports tab at ${size}`, { waitForNetworkIdle: false });
    if (viewport.width === 1440) {
      await panel.getByRole('button', { name: 'Hide' }).click();
      const decision = adminPage.getByRole('dialog', { name: 'Hide this story?' });
      await decision.getByLabel(/^Reason for the decision/).fill('');
      await decision.getByRole('button', { name: 'Hide' }).click();
      await expect(decision.getByRole('alert')).toHaveText('Please state the reason for this decision');
      await decision
        .getByLabel(/^Reason for the decision/)
        .fill('The first slide shows a character who looks under 18.');
      await decision.getByRole('button', { name: 'Hide' }).click();
      await expect(adminPage.getByRole('status').filter({ hasText: 'Story hidden.' })).toBeVisible();
      // Out of the open queue, into the hidden stories (to restore or delete), with its reason.
      const hiddenItem = adminPage.locator(`.moderation-hidden .moderation-item[data-story-id="${id}"]`);
      await expect(hiddenItem).toContainText('Hidden: The first slide shows a character who looks under 18.');
      await expect(
        adminPage.locator(`.moderation-queue[aria-label^="Open reports"] [data-story-id="${id}"]`),
      ).toHaveCount(0);
      await hiddenItem.getByRole('button').click();
      await expect(panel.getByRole('button', { name: 'Restore' })).toBeVisible();
    }
    await admin.close();
  }

  // The story's page now gives the statement, and each reporter hears the outcome and the reason.
  const reader = await browser.newContext({ baseURL: baseURL!, viewport: VIEWPORTS[0] });
  const page = await reader.newPage();
  await page.goto(`/story/${id}`);
  await expect(page.getByText('This story is unavailable: it was hidden after a review')).toBeVisible();
  await expectNoSeriousViolations(page, 'a hidden story', { waitForNetworkIdle: false });
  await reader.close();
  for (const email of reporters) {
    const mail = await mailbox.waitFor(email, { subject: 'The outcome of your report' });
    expect(mail.text).toContain('Outcome: the story is hidden.');
    expect(mail.text).toContain('The first slide shows a character who looks under 18.');
  }
});

/** The middle of an element, where a person would click it. */
async function middleOf(locator: Locator): Promise<{ x: number; y: number }> {
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  if (!box) throw new Error('the element has no box on the page');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** A real mouse click in the middle of an element, after checking it is what a click there hits. */
async function mouseClick(page: Page, locator: Locator): Promise<void> {
  const { x, y } = await middleOf(locator);
  const hit = await page.evaluate(
    ([px, py]) => {
      const found = document.elementFromPoint(px!, py!);
      return found
        ? (found.closest('label, button, textarea, input')?.outerHTML.slice(0, 80) ?? found.tagName)
        : null;
    },
    [x, y],
  );
  const expected = await locator.evaluate((element) => element.outerHTML.slice(0, 80));
  expect(hit, 'what a click in the middle of the element hits').toBe(expected);
  await page.mouse.click(x, y);
}

test('a reader reports a story from the reader itself, with the mouse, at each size', async ({
  browser,
  baseURL,
  api,
}) => {
  test.setTimeout(180_000);
  const opening = `The lighthouse keeper counted the ships ${Date.now()}.`;
  const { id } = await api.publishStory({ texts: [opening, 'None of them came back.'] });
  const reporters: string[] = [];

  for (const viewport of VIEWPORTS) {
    const size = `${viewport.width}x${viewport.height}`;
    const visitor = await browser.newContext({ baseURL: baseURL!, viewport });
    const page = await visitor.newPage();
    await page.goto(`/story/${id}`);
    await expect(page.getByText(opening)).toBeVisible();
    await mouseClick(page, page.getByRole('button', { name: 'Report this story' }));
    const dialog = page.getByRole('dialog', { name: 'Report this story' });
    await expect(dialog).toBeVisible();

    // Each reason takes a click on its label, the way a reader chooses one.
    for (const reason of REPORT_REASONS) {
      const label = dialog.locator('label', { hasText: reportReasonLabels[reason] });
      await mouseClick(page, label);
      await expect(dialog.getByRole('radio', { name: reportReasonLabels[reason] }), size).toBeChecked();
    }
    await mouseClick(page, dialog.locator('label', { hasText: reportReasonLabels.illegal_content }));
    await mouseClick(page, dialog.getByLabel('What did you see? (optional)'));
    await page.keyboard.type('The second slide shows a real photograph of a crime.');
    const email = uniqueEmail('reader-reporter');
    reporters.push(email);
    await mouseClick(page, dialog.getByLabel('Your email address'));
    await page.keyboard.type(email);
    await mouseClick(page, dialog.getByRole('button', { name: 'Send report' }));
    await expect(dialog.getByRole('status')).toHaveText(reportMessages.thanks);
    await mouseClick(page, dialog.getByRole('button', { name: 'Done' }));
    await expect(dialog).toBeHidden();
    // A report hides nothing: the reader still shows the story.
    await expect(page.getByText(opening)).toBeVisible();
    await visitor.close();
  }

  // Both reports reached the moderators' queue, with the reason and the text chosen in the reader.
  const token = await api.adminToken();
  const queue = await fetch(`${baseURL}/api/admin/reports?limit=100`, { headers: { 'X-Admin-Code': token } });
  const { stories } = (await queue.json()) as {
    stories: { story_id: string; reports: { reason: string; text: string }[] }[];
  };
  const reports = stories.find((story) => story.story_id === id)?.reports ?? [];
  expect(reports).toEqual(
    reporters.map(() => ({
      report_id: expect.any(String),
      reason: 'illegal_content',
      text: 'The second slide shows a real photograph of a crime.',
      reporter_kind: 'visitor',
      reported_at: expect.any(String),
    })),
  );
});
