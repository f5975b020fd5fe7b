import { type LocalYoti, startLocalYoti, type YotiSettings } from '@nocturne/command-api';
import { ageAssuranceMessages } from '@nocturne/domain';
import {
  AGE_ASSURANCE_REQUIRED,
  type BoundApi,
  type BrowserContext,
  type E2eSystem,
  expect,
  type Page,
  startE2eSystem,
  test,
  testOnOwnSystem,
} from './fixtures';
import { expectFitsWidth, expectNoSeriousViolations, VIEWPORTS } from './support/screen-checks';

/**
 * Age assurance in a real browser, against a product whose policy asks for it: a visitor meets
 * the assurance screen on an Explicit story (nothing of its slides or images reaches the
 * browser), confirms their age with the local test wallet (a real signed `age_over_18` through
 * the production verifier) and reads the story; an Explicit image's plain URL is refused before
 * assurance and served after; with `by-region`, the region a trusted proxy names decides. The
 * hosted method, through the stand-in that speaks Yoti's wire: a visitor confirms there; when it
 * does not answer, the screen says so and the wallet still confirms.
 *
 * Each policy is a system of its own: the worker's `nocturne` is replaced for these tests (the
 * shared one runs with AGE_ASSURANCE off).
 */
const required = testOnOwnSystem({ ageAssurance: AGE_ASSURANCE_REQUIRED });

/** Yoti's settings for the stand-in (its address, its keys), or for a Yoti that does not answer. */
const yotiSettingsOf = (yoti: LocalYoti, apiUrl = yoti.url): YotiSettings => ({
  provider: 'local-yoti',
  apiUrl,
  sdkId: yoti.sdkId,
  apiKey: yoti.apiKey,
  notificationPublicKey: yoti.publicKeyPem,
  estimationThreshold: 25,
  timeoutMs: 2_000,
});

/** The hosted method offered beside the wallet: the stand-in speaking Yoti's wire, answering or not. */
const withHosted = (answering: boolean) =>
  test.extend<object, { nocturne: E2eSystem; yoti: LocalYoti }>({
    yoti: [
      // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take a destructured first argument.
      async ({}, use) => {
        const yoti = await startLocalYoti();
        await use(yoti);
        await yoti.stop();
      },
      { scope: 'worker' },
    ],
    nocturne: [
      async ({ yoti }, use) => {
        const system = await startE2eSystem({
          ageAssurance: AGE_ASSURANCE_REQUIRED,
          ageHosted: yotiSettingsOf(yoti, answering ? yoti.url : 'http://127.0.0.1:9'),
        });
        await use(system);
        await system.stop();
      },
      { scope: 'worker', timeout: 120_000 },
    ],
  });
const hosted = withHosted(true);
const hostedDown = withHosted(false);
const byRegion = testOnOwnSystem({
  ageAssurance: { mode: 'by-region', regions: ['GB', 'FR'], validityDays: 365 },
  // The region header is believed from the proxy in front (here the contract proxy, on loopback).
  trustProxy: ['loopback'],
});

interface ExplicitStory {
  id: string;
  /** The words its card shows (the first slide's text). */
  opening: string;
  /** The second slide's text: never sent before assurance. */
  second: string;
  /** Its images' plain references (slides and preview), as the read model holds them. */
  refs: string[];
}

async function publishExplicit(nocturne: E2eSystem, api: BoundApi): Promise<ExplicitStory> {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const opening = `Velvet ${stamp}: the masquerade began at midnight.`;
  const second = `Behind the curtain ${stamp}, the masks came off.`;
  // Images of its own (they are stored by content): a hue no other story of the run has.
  const hue = Math.floor(Math.random() * 360);
  const { id } = await api.publishStory({ texts: [opening, second], rating: 'explicit', hue });
  await nocturne.settle();
  const rows = await nocturne.system.infra.db
    .selectFrom('story_images')
    .select('ref')
    .where('story_id', '=', id)
    .execute();
  // Both slides' images and the card's preview.
  expect(rows.length).toBeGreaterThanOrEqual(2);
  return { id, opening, second, refs: rows.map((row) => row.ref) };
}

/**
 * Everything the page asks of /api/images, and the bodies of the story's own answers, from now
 * on: what reached the browser.
 */
function watchTraffic(page: Page, storyId: string) {
  const images: string[] = [];
  const storyBodies: Promise<string>[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/images/')) images.push(request.url());
  });
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === `/api/stories/${storyId}`) storyBodies.push(response.text());
  });
  return { images, storyBodies: () => Promise.all(storyBodies) };
}

const screenTitle = (page: Page) => page.getByRole('heading', { name: ageAssuranceMessages.screenTitle });

/** The plain image URL fetched by the page itself, with or without the kept visitor token. */
const fetchImage = (page: Page, ref: string, withToken: boolean) =>
  page.evaluate(
    async ({ ref, withToken }) => {
      const kept = localStorage.getItem('nocturne.ageAssurance');
      const headers: Record<string, string> =
        withToken && kept ? { 'X-Age-Assurance': (JSON.parse(kept) as { token: string }).token } : {};
      const response = await fetch(`/api/images/${ref}`, { headers });
      return { status: response.status, body: await response.text() };
    },
    { ref, withToken },
  );

/** From the assurance screen: the local wallet's page, over 18, and back to the story. */
async function confirmWithLocalWallet(page: Page, nocturne: E2eSystem) {
  await page.getByRole('button', { name: 'Test age wallet (local)' }).click();
  await expect(page).toHaveURL(new RegExp(`^${nocturne.wallet!.url}/authorize\\?`));
  await expect(page.getByRole('heading', { name: 'Test age wallet (local)' })).toBeVisible();
  await page.getByRole('button', { name: 'Present: over 18 (age_over_18 true)' }).click();
}

/** The reader on the story's first slide, its image drawn, then its second slide. */
async function readsBothSlides(page: Page, story: ExplicitStory) {
  await expect(page.getByText('1/2', { exact: true })).toBeVisible();
  await expect(page.getByText(story.opening)).toBeVisible();
  const firstImage = page.getByRole('img', { name: story.opening });
  await expect
    .poll(() => firstImage.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
    .toBeGreaterThan(0);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByText('2/2', { exact: true })).toBeVisible();
  await expect(page.getByText(story.second)).toBeVisible();
}

required(
  'a visitor meets the assurance screen on an Explicit story, confirms with the local test wallet and reads it',
  async ({ page, api, nocturne }) => {
    test.setTimeout(120_000);
    const story = await publishExplicit(nocturne, api);
    const traffic = watchTraffic(page, story.id);

    await page.setViewportSize(VIEWPORTS[0]!);
    await page.goto(`/story/${story.id}`);
    await expect(screenTitle(page)).toBeVisible();
    await expect(page.getByText(ageAssuranceMessages.screenWhy)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Test age wallet (local)' })).toBeVisible();
    // Nothing of the story beyond its card reached the browser: no image asked for, no slide sent.
    await page.waitForLoadState('networkidle');
    expect(traffic.images).toEqual([]);
    await expect(page.locator('img')).toHaveCount(0);
    const answers = await traffic.storyBodies();
    expect(answers.length).toBeGreaterThan(0);
    for (const body of answers) {
      expect(body).not.toContain(story.second);
      for (const ref of story.refs) expect(body).not.toContain(ref);
      expect(JSON.parse(body)).toMatchObject({ images: [], ageAssuranceRequired: true });
    }
    await expect(page.getByText(story.second)).toHaveCount(0);

    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await expect(screenTitle(page)).toBeVisible();
      await expectFitsWidth(page, `the assurance screen at ${viewport.width}`);
      await expectNoSeriousViolations(page, `the assurance screen at ${viewport.width}`);
    }

    await confirmWithLocalWallet(page, nocturne);
    await expect(page).toHaveURL(new RegExp(`/story/${story.id}$`));
    await expect(screenTitle(page)).toHaveCount(0);
    await readsBothSlides(page, story);

    // A reload keeps the assurance (the token kept in this browser): the reader resumes where it was.
    await page.reload();
    await expect(page.getByText(story.second)).toBeVisible();
    await expect(screenTitle(page)).toHaveCount(0);
  },
);

required(
  "an Explicit story's image URL fetched directly answers 403 before assurance and 200 after",
  async ({ page, api, nocturne }) => {
    test.setTimeout(120_000);
    const story = await publishExplicit(nocturne, api);
    await page.goto(`/story/${story.id}`);
    await expect(screenTitle(page)).toBeVisible();

    for (const ref of story.refs) {
      const refused = await fetchImage(page, ref, false);
      expect(refused.status).toBe(403);
      expect(JSON.parse(refused.body)).toMatchObject({ detail: ageAssuranceMessages.imageRequiresAssurance });
    }
    // The address bar too: a navigation to it is refused alike.
    const opened = await page.request.get(`/api/images/${story.refs[0]}`);
    expect(opened.status()).toBe(403);

    await confirmWithLocalWallet(page, nocturne);
    await expect(page.getByText(story.opening)).toBeVisible();
    for (const ref of story.refs) expect((await fetchImage(page, ref, true)).status).toBe(200);
    // Without the token the plain URL stays refused: the assurance is the browser's, not the URL's.
    expect((await fetchImage(page, story.refs[0]!, false)).status).toBe(403);
  },
);

/** A visitor's browser whose requests a trusted proxy has marked with their country (or not). */
async function visitorFrom(
  browser: import('@playwright/test').Browser,
  baseURL: string,
  country: string | null,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    viewport: VIEWPORTS[1],
    ...(country ? { extraHTTPHeaders: { 'CF-IPCountry': country } } : {}),
  });
  return { context, page: await context.newPage() };
}

byRegion(
  'by region: a visitor from the UK meets the assurance screen, one from Brazil reads the story, one from nowhere named is asked',
  async ({ browser, baseURL, api, nocturne }) => {
    test.setTimeout(120_000);
    const story = await publishExplicit(nocturne, api);

    const uk = await visitorFrom(browser, baseURL!, 'GB');
    const ukTraffic = watchTraffic(uk.page, story.id);
    await uk.page.goto(`/story/${story.id}`);
    await expect(screenTitle(uk.page)).toBeVisible();
    await uk.page.waitForLoadState('networkidle');
    expect(ukTraffic.images).toEqual([]);
    for (const body of await ukTraffic.storyBodies()) expect(body).not.toContain(story.second);
    expect((await fetchImage(uk.page, story.refs[0]!, false)).status).toBe(403);
    await uk.context.close();

    const brazil = await visitorFrom(browser, baseURL!, 'BR');
    await brazil.page.goto(`/story/${story.id}`);
    await readsBothSlides(brazil.page, story);
    await expect(screenTitle(brazil.page)).toHaveCount(0);
    expect((await fetchImage(brazil.page, story.refs[0]!, false)).status).toBe(200);
    await brazil.context.close();

    // No region named by the proxy: treated as a region that requires it.
    const unknown = await visitorFrom(browser, baseURL!, null);
    await unknown.page.goto(`/story/${story.id}`);
    await expect(screenTitle(unknown.page)).toBeVisible();
    await unknown.context.close();
  },
);

hosted(
  "a visitor confirms their age with the hosted provider (the stand-in speaking Yoti's wire) and reads the story",
  async ({ page, api, nocturne }) => {
    test.setTimeout(120_000);
    const story = await publishExplicit(nocturne, api);
    await page.goto(`/story/${story.id}`);
    await expect(screenTitle(page)).toBeVisible();
    await page.getByRole('button', { name: 'Local age check (Yoti stand-in)' }).click();
    await expect(page.getByRole('heading', { name: 'Local age check' })).toBeVisible();
    await page.getByRole('button', { name: 'I am 18 or over' }).click();
    await expect(page).toHaveURL(new RegExp(`/story/${story.id}$`));
    await readsBothSlides(page, story);
  },
);

hostedDown(
  'when the hosted provider does not answer, the screen says so and the wallet still confirms the age',
  async ({ page, api, nocturne }) => {
    test.setTimeout(120_000);
    const story = await publishExplicit(nocturne, api);
    await page.setViewportSize(VIEWPORTS[0]!);
    await page.goto(`/story/${story.id}`);
    const hostedButton = page.getByRole('button', { name: 'Local age check (Yoti stand-in)' });
    await hostedButton.click();
    await expect(
      page.getByText(ageAssuranceMessages.providerDown('Local age check (Yoti stand-in)')),
    ).toBeVisible();
    // Nothing was started: the reader is still on the story's screen, every method still offered.
    await expect(page).toHaveURL(new RegExp(`/story/${story.id}$`));
    await expectFitsWidth(page, 'the assurance screen with a provider down');
    await expectNoSeriousViolations(page, 'the assurance screen with a provider down');
    await confirmWithLocalWallet(page, nocturne);
    await expect(page).toHaveURL(new RegExp(`/story/${story.id}$`));
    await readsBothSlides(page, story);
  },
);
