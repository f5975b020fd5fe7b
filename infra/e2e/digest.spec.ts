import { fileURLToPath } from 'node:url';
import { streams } from '@nocturne/events';
import { expect, publishStoryAs, test } from './fixtures';
import { creatorNamed, signedIn } from './support/members';
import { expectNoSeriousViolations, VIEWPORTS } from './support/screen-checks';

/**
 * The daily e-mail digest end to end: a reader follows a creator and turns the digest on in
 * their profile; the creator publishes; the day's digest (sent by the test, as the scheduler
 * would at DIGEST_TIME) arrives in the mailbox with the story, List-Unsubscribe and
 * List-Unsubscribe-Post; the mail's link opens the confirmation page, whose button turns the
 * digest off without a login, and the next day's digest is not sent. And the reader's end
 * screen: Follow on The End puts the creator's stories on the Following shelf. The profile's
 * choice, the unsubscribe page and The End at 390x844 and 1440x900 with axe.
 */

const OUT = fileURLToPath(new URL('../../artifacts/screenshots/', import.meta.url));
const DIGEST_SUBJECT = 'New stories from creators you follow';
const DAY_MS = 86_400_000;

test('a reader turns the digest on, gets the day’s mail with List-Unsubscribe, and its link stops the next one', async ({
  browser,
  page,
  api,
  mailbox,
  nocturne,
}) => {
  test.setTimeout(120_000);
  const { creator, penName, handle, stamp } = await creatorNamed(api, nocturne.baseURL);
  const reader = await api.createVerifiedUser({ prefix: 'digest' });
  await signedIn(page, reader);

  await page.goto(`/creator/${handle}`);
  await page.getByRole('button', { name: `Follow ${penName}` }).click();
  await expect(page.getByRole('button', { name: `Following ${penName}` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await page.goto('/profile');
  const choice = page.getByRole('checkbox', {
    name: 'Daily e-mail digest of new stories from creators I follow',
  });
  await expect(choice).not.toBeChecked();
  await choice.check();
  await expect(page.getByText('Digest on.')).toBeVisible();
  await expect(choice).toBeChecked();
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.getByRole('heading', { name: 'E-mail' }).scrollIntoViewIfNeeded();
    await expectNoSeriousViolations(page, `the profile's digest choice at ${viewport.width}`);
    await page.screenshot({ path: `${OUT}/digest-profile-${viewport.width}.png` });
  }

  const teaser = `A lamp in the attic ${stamp}`;
  const published = await publishStoryAs(nocturne.baseURL, creator, { texts: [`${teaser}.`, 'Moths came.'] });
  await nocturne.settle();
  const today = new Date();
  await nocturne.system.digest.runNow(today);
  // The same day again (a restart, a second process): nothing more.
  await nocturne.system.digest.runNow(today);

  const mail = await mailbox.waitFor(reader.email, { subject: DIGEST_SUBJECT });
  expect(mail.text).toContain(`"${teaser}." by ${penName}: ${nocturne.baseURL}/story/${published.id}`);
  const headers = mail.raw.replace(/\r\n/g, '\n').replace(/\n[ \t]+/g, ' ');
  const oneClick = /^List-Unsubscribe: <([^>]+)>$/m.exec(headers)?.[1];
  expect(oneClick).toMatch(new RegExp(`^${nocturne.baseURL}/api/email-digest/unsubscribe\\?token=`));
  expect(oneClick).not.toContain(reader.email.split('@')[0]!);
  expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  await nocturne.system.reactors.drain();
  expect(mailbox.mailsTo(reader.email).filter((m) => m.subject === DIGEST_SUBJECT)).toHaveLength(1);

  // The mail's link, opened where nobody is logged in: a confirmation page, then one click.
  const link = mail.links.find((l) => l.includes('/email-digest/unsubscribe?token='))!;
  const visitor = await browser.newContext({ viewport: VIEWPORTS[0] });
  const unsubscribe = await visitor.newPage();
  await unsubscribe.goto(link);
  await expect(unsubscribe.getByRole('heading', { name: 'Stop the daily digest?' })).toBeVisible();
  for (const viewport of VIEWPORTS) {
    await unsubscribe.setViewportSize(viewport);
    await expectNoSeriousViolations(unsubscribe, `the unsubscribe page at ${viewport.width}`);
    await unsubscribe.screenshot({ path: `${OUT}/digest-unsubscribe-${viewport.width}.png` });
  }
  await unsubscribe.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(unsubscribe.getByText('You will no longer receive the daily digest.')).toBeVisible();
  await expectNoSeriousViolations(unsubscribe, 'unsubscribed');
  await visitor.close();

  // The next day, with a new story, no digest.
  await publishStoryAs(nocturne.baseURL, creator, { texts: [`The second lamp ${stamp}.`, 'Gone.'] });
  await nocturne.settle();
  await nocturne.system.digest.runNow(new Date(today.getTime() + DAY_MS));
  await nocturne.system.reactors.drain();
  const digests = await nocturne.system.infra.store.readStream(streams.digest(reader.token.split('.')[0]!));
  expect(digests.map((e) => e.type)).toEqual(['DigestSent']);
  expect(mailbox.mailsTo(reader.email).filter((m) => m.subject === DIGEST_SUBJECT)).toHaveLength(1);
  await page.reload();
  await expect(page.getByRole('checkbox', { name: /Daily e-mail digest/ })).not.toBeChecked();
});

test('Follow on the end screen puts the creator on the Following shelf', async ({ page, api, nocturne }) => {
  test.setTimeout(90_000);
  const { creator, penName, stamp } = await creatorNamed(api, nocturne.baseURL);
  const opening = `The night ferry ${stamp} crossed slowly`;
  const story = await publishStoryAs(nocturne.baseURL, creator, { texts: [`${opening}.`, 'She waved.'] });
  const reader = await api.createVerifiedUser({ prefix: 'end-follow' });
  await signedIn(page, reader);
  await nocturne.settle();

  await page.setViewportSize(VIEWPORTS[0]!);
  await page.goto(`/story/${story.id}`);
  await expect(page.getByText('1/2', { exact: true })).toBeVisible();
  await page.keyboard.press('PageDown');
  await expect(page.getByText('2/2', { exact: true })).toBeVisible();
  await page.keyboard.press('PageDown');
  const end = page.getByRole('region', { name: 'The End' });
  await expect(end.getByRole('heading', { name: 'The End' })).toBeInViewport();
  await expect(end.getByText(`A story by ${penName}`)).toBeVisible();
  await end.getByRole('button', { name: `Follow ${penName}` }).click();
  await expect(end.getByRole('button', { name: `Following ${penName}` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await end.scrollIntoViewIfNeeded();
    await expectNoSeriousViolations(page, `The End with Following at ${viewport.width}`);
    await page.screenshot({ path: `${OUT}/digest-end-follow-${viewport.width}.png` });
  }

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Following', exact: true }).click();
  const shelf = page.getByRole('list', { name: 'Following stories' });
  await expect(shelf).toContainText(opening);
  await expect(shelf).toContainText(penName);
});
