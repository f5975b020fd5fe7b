import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ratingMessages, reportMessages } from '@nocturne/domain';
import {
  adminToken,
  apiCall,
  createVerifiedUser,
  publishStoryAs,
  storyForm,
} from '@nocturne/test-kit/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSystem, TEST_ADMIN_PASSWORD, type TestSystem } from './test-system';

let system: TestSystem;
let admin: string;
let creator: Awaited<ReturnType<typeof createVerifiedUser>>;
const word = `zr${randomUUID()
  .replace(/[^a-f]/g, '')
  .slice(0, 10)}q`;
const ids: Record<'general' | 'mature' | 'unrated' | 'explicit', string> = {
  general: '',
  mature: '',
  unrated: '',
  explicit: '',
};

beforeAll(async () => {
  system = await startTestSystem();
  admin = await adminToken(system.baseUrl, TEST_ADMIN_PASSWORD);
  creator = await createVerifiedUser(system.baseUrl, { prefix: 'rater' });
  const penName = `Rater ${creator.token.slice(0, 6)}`;
  for (const rating of ['general', 'mature', 'explicit'] as const) {
    ids[rating] = (
      await publishStoryAs(system.baseUrl, creator, {
        texts: [`A ${word} ${rating} night`, 'Dawn'],
        rating,
        penName,
      })
    ).id;
  }
  ids.unrated = (
    await publishStoryAs(system.baseUrl, creator, { texts: [`An ${word} unrated night`, 'Dawn'] })
  ).id;
  await system.settle();
});
afterAll(async () => {
  await system?.stop();
});

/** The development outbox's mails to `address`, as text. */
async function mailsTo(address: string): Promise<string[]> {
  await system.projector.catchUp();
  await system.reactors.drain();
  const dir = join(system.config.dataDir, 'outbox');
  const names = await readdir(dir).catch(() => [] as string[]);
  const texts = await Promise.all(names.map((name) => readFile(join(dir, name), 'utf8')));
  return texts.filter((text) => text.includes(`To: ${address}`));
}

const ratingsOf = (body: unknown) =>
  Object.fromEntries((body as { id: string; rating: string }[]).map((s) => [s.id, s.rating]));

describe('story ratings', () => {
  it('each story carries the rating its creator chose, Mature when none; the story page too', async () => {
    const list = await apiCall(system.baseUrl, 'GET', '/api/stories', { token: creator.token });
    expect(ratingsOf(list.body)).toMatchObject({
      [ids.general]: 'general',
      [ids.mature]: 'mature',
      [ids.explicit]: 'explicit',
      [ids.unrated]: 'mature',
    });
    const page = await apiCall(system.baseUrl, 'GET', `/api/stories/${ids.general}`);
    expect(page.body).toMatchObject({ id: ids.general, rating: 'general' });
  });

  it('lists and search filter by rating; an unknown rating is a 400 with a clear detail', async () => {
    const explicit = await apiCall(system.baseUrl, 'GET', '/api/stories?rating=explicit', {
      token: creator.token,
    });
    expect(Object.keys(ratingsOf(explicit.body))).toEqual([ids.explicit]);
    const mature = await apiCall(system.baseUrl, 'GET', '/api/stories?rating=mature');
    expect(Object.keys(ratingsOf(mature.body)).sort()).toEqual([ids.mature, ids.unrated].sort());
    expect(mature.headers.get('x-total-count')).toBe('2');
    const found = await apiCall(system.baseUrl, 'GET', `/api/search?q=${word}&rating=general`, {
      token: creator.token,
    });
    expect(Object.keys(ratingsOf(found.body))).toEqual([ids.general]);
    const unknown = await apiCall(system.baseUrl, 'GET', '/api/stories?rating=adult');
    expect(unknown).toMatchObject({ status: 400, body: { detail: ratingMessages.unknownRating('adult') } });
    const unknownSearch = await apiCall(system.baseUrl, 'GET', `/api/search?q=${word}&rating=x`, {
      token: creator.token,
    });
    expect(unknownSearch.status).toBe(400);
  });

  it('a publish with a rating that does not exist is a 400 and stores nothing', async () => {
    const head = await system.infra.store.headPosition();
    const refused = await apiCall(system.baseUrl, 'POST', '/api/stories', {
      token: creator.token,
      form: await storyForm({ texts: ['One', 'Two'], rating: 'adults-only' }),
    });
    expect(refused).toMatchObject({
      status: 400,
      body: { detail: ratingMessages.unknownRating('adults-only') },
    });
    expect(await system.infra.store.headPosition()).toBe(head);
  });

  it("a moderator changes a story's rating with a reason: the lists follow, the trail keeps it, the creator is told", async () => {
    const staff = { 'x-admin-code': admin };
    const path = `/api/admin/stories/${ids.unrated}/rating`;
    const head = await system.infra.store.headPosition();
    const noReason = await apiCall(system.baseUrl, 'POST', path, {
      body: { rating: 'explicit' },
      headers: staff,
    });
    expect(noReason).toMatchObject({ status: 400, body: { detail: reportMessages.reasonRequired } });
    const noRating = await apiCall(system.baseUrl, 'POST', path, { body: { reason: 'x' }, headers: staff });
    expect(noRating.status).toBe(400);
    const same = await apiCall(system.baseUrl, 'POST', path, {
      body: { rating: 'mature', reason: 'x' },
      headers: staff,
    });
    expect(same).toMatchObject({ status: 409, body: { detail: ratingMessages.sameRating } });
    expect(
      (await apiCall(system.baseUrl, 'POST', path, { body: { rating: 'explicit', reason: 'x' } })).status,
    ).toBe(401);
    expect(await system.infra.store.headPosition()).toBe(head);

    const reason = 'Slide 2 is an explicit illustration';
    const changed = await apiCall(system.baseUrl, 'POST', path, {
      body: { rating: 'explicit', reason },
      headers: staff,
    });
    expect(changed).toMatchObject({ status: 200, body: { ok: true, action: 'rate' } });
    const list = await apiCall(system.baseUrl, 'GET', '/api/stories?rating=explicit', {
      token: creator.token,
      after: changed.position,
    });
    expect(Object.keys(ratingsOf(list.body)).sort()).toEqual([ids.explicit, ids.unrated].sort());
    const history = await apiCall(system.baseUrl, 'GET', `/api/admin/stories/${ids.unrated}/moderation`, {
      headers: staff,
      after: changed.position,
    });
    expect(history.body.decisions).toEqual([expect.objectContaining({ action: 'rate', reason })]);
    const mails = (await mailsTo(creator.email)).join('\n').replace(/=\r?\n/g, '');
    expect(mails).toContain('changed its rating to Explicit');
    expect(mails).toContain(reason);
  });
});
