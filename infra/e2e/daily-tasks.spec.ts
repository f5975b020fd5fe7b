import { expect, test } from './fixtures';
import { expectFitsWidth, expectNoSeriousViolations } from './support/screen-checks';

/**
 * A moderator's day from the keyboard: three reported stories, found by the queue's filters
 * (reason, age) and worked through in the queue's side panel with J to move, D to dismiss and H to hide (the reason typed, Enter to decide),
 * a hide undone from its toast, and the letters typed in a field never taken as shortcuts.
 */
test('a moderator works through three reports from the keyboard', async ({
  page,
  api,
  nocturne,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  const titles = ['The lighthouse keeper', 'The orchard letter', 'The harbour bell'].map(
    (t) => `${t} ${stamp}`,
  );
  const ids: string[] = [];
  for (const title of titles) {
    const { id } = await api.publishStory({ texts: [title, 'And then the night came.'] });
    ids.push(id);
    const reported = await fetch(`${baseURL}/api/stories/${id}/reports`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        reason: 'involves_minor',
        text: 'The girl on slide 2 looks 15.',
        email: `r${stamp}@example.com`,
      }),
    });
    expect(reported.status).toBeLessThan(300);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/admin_panel?tab=reports');
  await page.getByLabel('Admin password').fill(nocturne.adminPassword);
  await page.getByRole('button', { name: 'Access Admin Panel' }).click();
  await expect(page.getByText('Keyboard: J next')).toBeVisible();
  const row = (i: number) => page.locator(`.moderation-queue .moderation-item[data-story-id="${ids[i]}"]`);
  await expect(row(2)).toBeVisible();
  // The queue narrows by age and by reason on the server, kept in the URL: none of these three
  // has waited an hour yet; the moderator works through the reports that involve a minor.
  const filter = page.getByRole('form', { name: 'Filter reports' });
  await filter.getByLabel('Age').selectOption({ label: 'Waiting over an hour' });
  await filter.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/[?&]age=1h/);
  await expect(page.getByText('Loading reports…')).toHaveCount(0);
  await expect(row(0)).toHaveCount(0);
  await page.goBack();
  await expect(row(0)).toBeVisible();
  await filter.getByLabel('Reason').selectOption({ label: 'Involves a minor' });
  await filter.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/[?&]reason=involves_minor/);
  await expect(row(2)).toBeVisible();
  await expectFitsWidth(page, 'the queue filtered by reason');
  const panel = page.locator('dialog.side-panel');
  const shows = (i: number) => panel.locator(`.report-panel[data-story-id="${ids[i]}"]`);

  /** The story the panel shows, or null while it is closed. */
  async function shown(): Promise<string | null> {
    const report = panel.locator('.report-panel');
    return (await report.count()) ? report.getAttribute('data-story-id') : null;
  }

  /**
   * Presses J until the panel shows story i (the queue may hold others' stories too), each
   * press waited out until the panel has moved, so no press lands before the last one drew.
   */
  async function moveTo(i: number) {
    for (let step = 0; step < 30; step++) {
      const before = await shown();
      if (before === ids[i]) break;
      await page.keyboard.press('j');
      await expect.poll(shown, { message: `J moves on from ${before}` }).not.toBe(before);
    }
    await expect(shows(i)).toBeVisible();
  }

  // The first: opened with J, slide 2 named by the report, dismissed with D.
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await moveTo(0);
  await expect(page).toHaveURL(new RegExp(`[?&]report=${ids[0]}`));
  await expect(panel).toContainText('named in the reports: 2');
  await expectFitsWidth(page, 'the queue with its side panel');
  await expectNoSeriousViolations(page, 'the queue with its side panel', { waitForNetworkIdle: false });
  await page.keyboard.press('d');
  const dismiss = page.getByRole('dialog', { name: 'Dismiss the reports?' });
  const reason = dismiss.getByLabel(/^Reason for the decision/);
  await expect(reason).toBeFocused();
  // Typing "j" and "d" in the reason writes them; nothing moves.
  await page.keyboard.type('Reviewed: just drawn, adult characters.');
  await expect(reason).toHaveValue('Reviewed: just drawn, adult characters.');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Reports dismissed.' })).toBeVisible();
  await expect(row(0)).toHaveCount(0);

  // The second: hidden with H, then the hide undone from its toast.
  await moveTo(1);
  await page.keyboard.press('h');
  const hide = page.getByRole('dialog', { name: 'Hide this story?' });
  await expect(hide.getByLabel(/^Reason for the decision/)).toBeFocused();
  await page.keyboard.type('A character looks under 18.');
  await page.keyboard.press('Enter');
  const hidden = page.getByRole('status').filter({ hasText: 'Story hidden.' });
  await expect(hidden).toBeVisible();
  await hidden.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Story restored' })).toBeVisible();

  // The third: reached with J, dismissed with D.
  await moveTo(2);
  await page.keyboard.press('d');
  await expect(dismiss.getByLabel(/^Reason for the decision/)).toBeFocused();
  await page.keyboard.type('Within the policy.');
  await page.keyboard.press('Enter');
  await expect(row(2)).toHaveCount(0);

  // Escape closes the panel and takes the selection out of the URL.
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(page).not.toHaveURL(/[?&]report=/);
});
