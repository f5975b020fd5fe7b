import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

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

/**
 * Fails when `overlay` (an open menu, panel or dialog) is not wholly inside the viewport: cut off
 * at an edge, it hides what it offers.
 */
export async function expectInsideViewport(overlay: Locator, what: string): Promise<void> {
  await expect(overlay, what).toBeVisible();
  const box = await overlay.boundingBox();
  const viewport = overlay.page().viewportSize();
  if (!box || !viewport) throw new Error(`${what}: no box or no viewport`);
  const edges = {
    left: Math.round(box.x),
    top: Math.round(box.y),
    right: Math.round(viewport.width - box.x - box.width),
    bottom: Math.round(viewport.height - box.y - box.height),
  };
  const out = Object.entries(edges)
    .filter(([, room]) => room < 0)
    .map(([edge, room]) => `${-room}px past the ${edge} edge`);
  expect(out, `${what} leaves the ${viewport.width}x${viewport.height} viewport`).toEqual([]);
}

/** What the label checks look at: buttons, links, menu items, badges, a card's stats, tags and rating. */
const SHORT_LABELS =
  'button, a, [role="menuitem"], .badge, [class*="__stat"], [class*="__badge"], [class*="__tag"], [class*="__rating"], label';

/**
 * Fails when a short label in `scope` (one of SHORT_LABELS of at most `maxChars` characters) is not
 * whole: broken over several lines, or reaching past the edge of the box that clips it (a card
 * hides what overflows it). Names each label with its line count or the pixels cut.
 *
 * @example
 *   const cards = page.getByRole('list', { name: 'Latest stories' }).getByRole('article');
 *   await expectShortLabelsWhole(cards, 'landing cards at 390');
 */
export async function expectShortLabelsWhole(scope: Locator, what: string, maxChars = 24): Promise<void> {
  const broken = await scope.evaluateAll(
    (roots, [limit, selector]) => {
      const clips = (e: Element) => {
        const style = getComputedStyle(e);
        return [style.overflowX, style.overflowY].some((o) => o === 'hidden' || o === 'clip');
      };
      const lineCount = (element: Element) => {
        // Each line of visible text gives its own rectangles: one that starts below the half of
        // the line before starts a line. Text in a box of a pixel or less is for screen readers.
        const rects: DOMRect[] = [];
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const box = node.parentElement?.getBoundingClientRect();
          if (!box || box.width <= 1 || box.height <= 1) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          rects.push(...[...range.getClientRects()].filter((r) => r.width > 1 && r.height > 1));
        }
        let lines = 0;
        let lineTop = Number.NEGATIVE_INFINITY;
        for (const r of rects.sort((a, b) => a.top - b.top)) {
          if (r.top > lineTop + r.height / 2) {
            lines += 1;
            lineTop = r.top;
          }
        }
        return lines;
      };
      const pixelsCut = (element: Element, box: DOMRect, root: Element) => {
        let clipper: Element | null = element.parentElement;
        while (clipper && !clips(clipper) && clipper !== root) clipper = clipper.parentElement;
        if (!clipper || !clips(clipper)) return 0;
        const edge = clipper.getBoundingClientRect();
        return Math.max(
          box.right - edge.right,
          edge.left - box.left,
          box.bottom - edge.bottom,
          edge.top - box.top,
        );
      };
      const found: string[] = [];
      for (const root of roots) {
        for (const element of [root, ...root.querySelectorAll(selector)].filter((e) => e.matches(selector))) {
          const text = element.textContent?.replace(/\s+/g, ' ').trim() ?? '';
          if (text === '' || text.length > limit) continue;
          const lines = lineCount(element);
          if (lines > 1) found.push(`"${text}" on ${lines} lines`);
          const box = element.getBoundingClientRect();
          if (box.width <= 1 || box.height <= 1) continue;
          const past = pixelsCut(element, box, root);
          if (past > 1) found.push(`"${text}" cut by ${Math.round(past)}px`);
        }
      }
      return found;
    },
    [maxChars, SHORT_LABELS] as const,
  );
  expect(broken, `${what}: short labels wrapped or cut off`).toEqual([]);
}

/**
 * Fails when a badge or marker in `scope` (a Premium badge, a content-warning marker, a lock note)
 * lies over a button or link it is not part of: the control would be hidden or hard to hit.
 */
export async function expectBadgesClearOfControls(scope: Locator, what: string): Promise<void> {
  const overlaps = await scope.evaluateAll((roots) => {
    const found: string[] = [];
    const visible = (e: Element) => {
      const r = e.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden';
    };
    const name = (e: Element) =>
      `${e.tagName.toLowerCase()}${e.getAttribute('aria-label') ? `[${e.getAttribute('aria-label')}]` : ''}.${[...e.classList].join('.')}`;
    for (const root of roots) {
      const badges = [
        ...root.querySelectorAll('.badge, [class*="__badge"], [class*="__warning"], [class*="lock-note"]'),
      ].filter(visible);
      // The controls that sit over the card's picture beside its link (the link itself holds the badges).
      const controls = [...root.querySelectorAll('button, [role="button"]')].filter(visible);
      for (const badge of badges) {
        const b = badge.getBoundingClientRect();
        for (const control of controls) {
          if (control.contains(badge) || badge.contains(control)) continue;
          const c = control.getBoundingClientRect();
          const apart = b.right <= c.left || c.right <= b.left || b.bottom <= c.top || c.bottom <= b.top;
          if (!apart) found.push(`${name(badge)} over ${name(control)}`);
        }
      }
    }
    return found;
  });
  expect(overlaps, `${what}: badges over controls`).toEqual([]);
}
