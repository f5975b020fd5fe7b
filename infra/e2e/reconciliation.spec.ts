import { flexpayNotice, LOCAL_SHOP_ID, type LocalProcessor } from '@nocturne/infra/local-processor';
import { localProcessorReport, reconcileDay } from '@nocturne/infra/reconciliation/reconcile-day';
import { adminToken, createVerifiedUser } from '@nocturne/test-kit/api-client';
import { enrolStaffMember } from '@nocturne/test-kit/staff-api-client';
import { expect, test } from '@playwright/test';
import type { E2eSystem } from './fixtures/system';
import { startWithLocalProcessor } from './support/local-processor';
import { expectFitsWidth, expectNoSeriousViolations, VIEWPORTS } from './support/screen-checks';
import { staffSignIn } from './support/staff';

/**
 * The auditor reads a night's reconciliation: the local processor's books for the day against
 * the notices the log holds. Of three sales there, one matched, one whose notice said 12.00
 * where the processor's books say 15.00, and one whose notice never came; the auditor sees both
 * differences with both sides, at a phone's and a desktop's size, with axe.
 */
let sys: E2eSystem;
let processor: LocalProcessor;
let auditor: Awaited<ReturnType<typeof enrolStaffMember>>;
const signatureKey = 'e2e-reconciliation-key';
const found: { short: string; missing: string; day: string } = { short: '', missing: '', day: '' };

test.beforeAll(async () => {
  test.setTimeout(120_000);
  ({ system: sys, processor } = await startWithLocalProcessor({ signatureKey }));
  const owner = await adminToken(sys.baseURL, sys.adminPassword);
  auditor = await enrolStaffMember(sys.baseURL, owner, 'auditor');

  const reader = await createVerifiedUser(sys.baseURL, { prefix: 'reconciled' });
  const purchase = async () => {
    const started = await fetch(`${sys.baseURL}/api/payments/purchases`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${reader.token}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    return ((await started.json()) as { purchase_id: string }).purchase_id;
  };
  const notify = async (notice: Record<string, string>) => {
    const answer = await fetch(
      `http://127.0.0.1:${sys.config.port}/api/payments/notices?${new URLSearchParams(notice)}`,
    );
    expect(await answer.text()).toBe('OK');
  };
  // Three sales in the processor's books today, their notices delivered here by hand.
  const sale = async () =>
    processor.recordPast({
      kind: 'sale',
      reference: await purchase(),
      amount: '15.00',
      currency: 'USD',
      at: new Date().toISOString(),
    });
  const matched = await sale();
  await notify(matched.notice);
  const short = await sale();
  await notify(flexpayNotice(LOCAL_SHOP_ID, signatureKey, { ...short.transaction, amount: '12.00' }));
  const missing = await sale();
  found.short = short.transaction.transactionId;
  found.missing = missing.transaction.transactionId;
  found.day = matched.transaction.at.slice(0, 10);
  await sys.settle();
  const { infra } = sys.system;
  const deps = { db: infra.db, store: infra.store, notifier: infra.notifier, clock: () => new Date() };
  const result = await reconcileDay(deps, 'local', localProcessorReport(processor.url), found.day);
  expect(result.differences.map((d) => d.issue).sort()).toEqual(['amount_differs', 'missing_here']);
  await sys.settle();
});

test.afterAll(async () => {
  await processor?.stop();
  await sys?.stop();
});

for (const viewport of VIEWPORTS) {
  const size = `${viewport.width}x${viewport.height}`;

  test(`the auditor sees the night's differences with both sides at ${size}`, async ({ browser }) => {
    const context = await browser.newContext({ baseURL: sys.baseURL, viewport, timezoneId: 'UTC' });
    const page = await context.newPage();
    await page.goto('/admin_panel');
    await staffSignIn(page, auditor.email, auditor.password, auditor.recoveryCodes.shift()!);
    await page.getByRole('tab', { name: 'Audit' }).click();
    await page.getByRole('tab', { name: 'Reconciliation' }).click();

    const night = page.getByRole('article', { name: `${found.day} local` });
    await expect(night).toContainText('1 matched · 1 missing here · 0 missing there · 1 amount differences');
    const short = night.getByRole('row').filter({ hasText: found.short });
    await expect(short.getByRole('cell')).toHaveText([
      found.short,
      'sale',
      'Amounts differ',
      '12.00 USD',
      '15.00 USD',
      /\(account /,
    ]);
    const missing = night.getByRole('row').filter({ hasText: found.missing });
    await expect(missing.getByRole('cell').nth(2)).toHaveText('Paid at the processor, not here');
    await expect(missing.getByRole('cell').nth(3)).toHaveText('—');
    await expect(missing.getByRole('cell').nth(4)).toHaveText('15.00 USD');

    await expectFitsWidth(page, `reconciliation ${size}`);
    await expectNoSeriousViolations(page, `reconciliation ${size}`);
    await context.close();
  });
}
