import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures';
import { premiumStoriesRemaining, signedInContext } from './support/members';
import { expectFitsWidth, expectNoSeriousViolations, VIEWPORTS } from './support/screen-checks';
import { keysStepThroughThreeSlides } from './support/slides';

/**
 * Premium you can see and reading comfort: a premium member is asked
 * before a premium story is opened for the first time ("Not now" spends nothing), reads it after
 * "Open", is never asked again for it, moves through it with the keyboard and the edges, and
 * finds the unlock and the remaining count on "My premium", at a phone's and a desktop's size,
 * without a serious axe violation. Screenshots go to artifacts/screenshots/ (gitignored).
 */

const OUT = fileURLToPath(new URL('../../artifacts/screenshots/', import.meta.url));
const OPENING = 'Lanterns swayed over the silent harbour';

for (const viewport of VIEWPORTS) {
  const size = `${viewport.width}x${viewport.height}`;

  test(`a premium member confirms once per new story, reads with keys and edges, and sees it on My premium (${size})`, async ({
    browser,
    baseURL,
    api,
    nocturne,
  }) => {
    test.setTimeout(120_000);
    mkdirSync(OUT, { recursive: true });
    // Each viewport's story of its own (the worker's system is shared).
    const opening = `${OPENING} ${size}.`;
    const { id } = await api.publishStory({
      texts: [opening, 'A bell rang twice.', 'Nobody answered the door.'],
      isPremium: true,
    });
    const reader = await api.createVerifiedUser({ prefix: 'ledger' });
    await api.setPremium(reader.email, true);
    await nocturne.settle();

    const { context, page } = await signedInContext(browser, reader, { baseURL, viewport });

    // The card says how long the story takes.
    await page.goto('/profile');
    await expect(
      page.locator('.story-card').filter({ hasText: opening }).getByText('1 min read'),
    ).toBeVisible();

    // First opening: asked, and "Not now" spends nothing.
    await page.goto(`/story/${id}`);
    const ask = page.getByRole('dialog', { name: 'Open this premium story?' });
    await expect(ask).toContainText(
      'This uses 1 of your 30 premium stories. Stories you have opened stay free to re-read.',
    );
    await expectNoSeriousViolations(page, `the confirmation at ${size}`, { waitForNetworkIdle: false });
    await page.screenshot({ path: `${OUT}premium-confirmation-${size}.png` });
    await ask.getByRole('button', { name: 'Not now' }).click();
    await expect(ask).toBeHidden();
    await nocturne.settle();
    expect(await premiumStoriesRemaining(baseURL!, reader)).toBe(30);

    // Asked again, "Open": the story is read, one premium story spent.
    await page.goto(`/story/${id}`);
    await page
      .getByRole('dialog', { name: 'Open this premium story?' })
      .getByRole('button', { name: 'Open' })
      .click();
    await expect(page.getByText(opening)).toBeVisible();

    // Keys and edge taps move one slide, announced.
    await keysStepThroughThreeSlides(page);
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByText('2/3', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Next slide' }).click();
    await expect(page.getByText('3/3', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Previous slide' }).click();
    await expect(page.getByText('2/3', { exact: true })).toBeVisible();
    await nocturne.settle();
    expect(await premiumStoriesRemaining(baseURL!, reader)).toBe(29);

    // Opened before: never asked again (and the reader resumes where it stopped, slide 2).
    await page.goto('/');
    await page.goto(`/story/${id}`);
    await expect(page.getByText('2/3', { exact: true })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Open this premium story?' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Start from the beginning' }).click();
    await expect(page.getByText(opening)).toBeVisible();

    // My premium is linked from /subscription-manage, and from the settings menu: the unlock
    // with its link, the grant, 29 left.
    await page.goto('/subscription-manage');
    await expect(page.getByRole('link', { name: /^My premium/ })).toHaveAttribute('href', '/my-premium');
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('link', { name: 'My premium' }).click();
    await expect(page.getByRole('heading', { name: 'My premium', level: 1 })).toBeVisible();
    await expect(page.getByTestId('premium-remaining')).toHaveText('29');
    const unlocks = page.getByRole('region', { name: 'Stories unlocked' });
    await expect(unlocks.getByRole('link', { name: new RegExp(size) })).toHaveAttribute(
      'href',
      `/story/${id}`,
    );
    await expect(page.getByRole('region', { name: 'Grants and revocations' })).toContainText(
      'Premium granted: 30 stories',
    );
    await page.waitForLoadState('networkidle');
    await expectFitsWidth(page, `${page.url()} at ${page.viewportSize()?.width}px`);
    await expectNoSeriousViolations(page, `My premium at ${size}`, { waitForNetworkIdle: false });
    await page.screenshot({ path: `${OUT}my-premium-${size}.png`, fullPage: true });
    await context.close();
  });
}
