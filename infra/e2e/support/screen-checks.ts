import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The two screens every page is checked at: a phone and a laptop. */
export const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
];

/**
 * Fails with the list of axe's serious and critical violations on the page as it is now: after
 * the network is idle (unless the page keeps a request going, such as a poll) and the entrance
 * animations are over.
 *
 * @example
 *   await expectNoSeriousViolations(page, `studio at ${viewport.width}`);
 *   await expectNoSeriousViolations(page, 'with the bell polling', { waitForNetworkIdle: false });
 */
export async function expectNoSeriousViolations(
  page: Page,
  what: string,
  { waitForNetworkIdle = true }: { waitForNetworkIdle?: boolean } = {},
): Promise<void> {
  if (waitForNetworkIdle) await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`);
  expect(serious, `${what}:\n${serious.join('\n')}`).toEqual([]);
}

/** Fails when the page is wider than the viewport (it would scroll sideways), naming what sticks out. */
export async function expectFitsWidth(page: Page, what: string): Promise<void> {
  const { width, viewport, wide } = await page.evaluate(() => {
    const limit = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > limit + 1)
      .slice(0, 5)
      .map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')}`);
    return { width: document.documentElement.scrollWidth, viewport: limit, wide };
  });
  expect(width, `${what}: ${width}px wide in ${viewport}px (${wide.join(', ')})`).toBeLessThanOrEqual(
    viewport,
  );
}
