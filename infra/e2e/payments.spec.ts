import type { LocalProcessor } from '@nocturne/infra/local-processor';
import { TEST_CARDS } from '@nocturne/infra/local-processor/pages';
import { createVerifiedUser, type E2eSystem, expect, publishStory, test } from './fixtures';
import { startWithLocalProcessor } from './support/local-processor';
import { signedInContext } from './support/members';

/**
 * A purchase that confirms itself: a reader pays on the local processor's hosted page, the
 * processor's signed notice grants premium with no staff step, and the reader reads a premium
 * story within 5 seconds of paying; a refund from the processor's own page ends premium.
 */
let system: E2eSystem;
let processor: LocalProcessor;

test.beforeAll(async () => {
  // A notice the product missed is sent again within a second, not on the default schedule's longer waits.
  ({ system, processor } = await startWithLocalProcessor({
    signatureKey: 'e2e-local-processor-key',
    retry: { firstMs: 200, maxMs: 1000 },
  }));
});
test.afterAll(async () => {
  await processor?.stop();
  await system?.stop();
});

test('a reader buys through the processor and reads a premium story within 5 s; a refund there ends premium', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const opening = 'The lighthouse kept one lamp for strangers.';
  const { id } = await publishStory(system.baseURL, system.adminPassword, {
    texts: [opening, 'The keeper counted the ships.'],
    isPremium: true,
  });
  const reader = await createVerifiedUser(system.baseURL, { prefix: 'buyer' });
  const { context, page } = await signedInContext(browser, reader, { baseURL: system.baseURL });

  await page.goto('/subscription');
  await page.getByRole('button', { name: 'Pay $15' }).click();
  await expect(page.getByRole('heading', { name: 'Local payment processor' })).toBeVisible();
  await page.getByLabel('Card number').fill(TEST_CARDS.approve);
  const paidAt = Date.now();
  await page.getByRole('button', { name: 'Pay 15.00 USD' }).click();

  await expect(page.getByRole('heading', { name: 'Payment confirmed' })).toBeVisible();
  await page.goto(`/story/${id}`);
  await page
    .getByRole('dialog', { name: 'Open this premium story?' })
    .getByRole('button', { name: 'Open' })
    .click();
  await expect(page.getByText(opening)).toBeVisible();
  expect(Date.now() - paidAt).toBeLessThan(5_000);

  // The processor's own page refunds the sale; its notice takes premium back.
  const processorPage = await context.newPage();
  await processorPage.goto(processor.url);
  await processorPage.getByRole('button', { name: 'Refund' }).first().click();
  await expect(processorPage.getByRole('cell', { name: 'refund' })).toBeVisible();
  await expect
    .poll(async () => {
      const me = await fetch(`${system.baseURL}/api/auth/me`, {
        headers: { Authorization: `Bearer ${reader.token}` },
      });
      return ((await me.json()) as { is_subscribed: boolean }).is_subscribed;
    })
    .toBe(false);
  await page.goto('/my-premium');
  await expect(page.getByText('Premium revoked').first()).toBeVisible();
  await context.close();
});
