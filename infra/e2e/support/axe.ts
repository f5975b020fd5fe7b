import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Fails with the list of axe's serious and critical violations on the page as it is now. */
export async function expectNoSeriousViolations(page: Page, what: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300); // let entrance animations finish
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`);
  expect(serious, `${what}:\n${serious.join('\n')}`).toEqual([]);
}
