import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createStaffMember } from '@nocturne/test-kit/staff-api-client';
import { expect, test } from '@playwright/test';
import { type E2eSystem, startE2eSystem } from './fixtures/system';
import { expectFitsWidth, expectNoSeriousViolations, VIEWPORTS } from './support/screen-checks';
import { staffSignIn } from './support/staff';
import { publishSampleStory, SAMPLE_STORIES } from './support/web-data';

/**
 * The Log integrity panel as an auditor uses it: both checks run from their buttons to their
 * results, at a phone's and a desktop's size, with axe.
 */

const OUT = fileURLToPath(new URL('../../artifacts/screenshots/', import.meta.url));

let sys: E2eSystem;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  mkdirSync(OUT, { recursive: true });
  sys = await startE2eSystem();
  await publishSampleStory(sys.baseURL, sys.adminPassword, SAMPLE_STORIES[0]!, 0);
  await sys.settle();
});

test.afterAll(async () => {
  await sys?.stop();
});

test('an auditor verifies the log and the read models from the panel, at 390x844 and 1440x900', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const validated = await fetch(`${sys.baseURL}/api/admin/validate`, {
    method: 'POST',
    headers: { 'X-Admin-Code': sys.adminPassword },
  });
  const { token: ownerToken } = (await validated.json()) as { token: string };
  const auditor = await createStaffMember(sys.baseURL, ownerToken, 'auditor');

  for (const viewport of VIEWPORTS) {
    const size = `${viewport.width}x${viewport.height}`;
    const page = await (await browser.newContext({ baseURL: sys.baseURL, viewport })).newPage();
    await page.goto('/admin_panel');
    await staffSignIn(page, auditor.email, auditor.password, auditor.recoveryCodes.shift()!);
    await page.getByRole('tab', { name: 'Audit', exact: true }).click();
    await page.getByRole('tab', { name: 'Log integrity' }).click();

    const log = page.getByRole('article', { name: 'Event log' });
    await log.getByRole('button', { name: 'Verify the log' }).click();
    await expect(log.getByRole('status')).toContainText(
      /Intact through position \d+\. Head hash: [0-9a-f]{64}/,
      {
        timeout: 30_000,
      },
    );
    const models = page.getByRole('article', { name: 'Read models' });
    await models.getByRole('button', { name: 'Verify the read models' }).click();
    await expect(models.getByRole('status')).toContainText(/Equal through position \d+\./, {
      timeout: 60_000,
    });

    await expectFitsWidth(page, `integrity ${size}`);
    await page.screenshot({ path: `${OUT}admin-integrity-${size}.png`, fullPage: true });
    await expectNoSeriousViolations(page, `integrity panel ${size}`, { waitForNetworkIdle: false });
    await page.context().close();
  }
});
