import { randomUUID } from 'node:crypto';
import { ageAssuranceMessages } from '@nocturne/domain';
import { type AgeAssurancePolicy, issueAgeToken } from '@nocturne/http-kit/auth';
import { assureAgeOf } from '@nocturne/test-kit/age-assurance';
import { apiCall, createVerifiedUser, publishStory, publishStoryAs } from '@nocturne/test-kit/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../config';
import { startTestSystem, TEST_ADMIN_PASSWORD, type TestSystem } from './test-system';

const policy = (mode: AgeAssurancePolicy['mode'], regions: string[] = []): AgeAssurancePolicy => ({
  mode,
  regions,
  validityDays: 365,
});
const unique = () =>
  `w${randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 10)}z`;

interface Library {
  system: TestSystem;
  /** A word of the Explicit story's opening words (its card) and one of its second slide only. */
  cardWord: string;
  slideWord: string;
  general: string;
  explicit: string;
  explicitPremium: string;
  /** The Explicit story's plain image references, as the read model holds them. */
  explicitRefs: string[];
  creator: Awaited<ReturnType<typeof createVerifiedUser>>;
}

/** A system under `overrides` with a General, an Explicit and an Explicit premium story. */
async function libraryUnder(overrides: Partial<AppConfig>): Promise<Library> {
  const system = await startTestSystem(overrides);
  const creator = await createVerifiedUser(system.baseUrl, { prefix: 'gated' });
  const cardWord = unique();
  const slideWord = unique();
  const penName = `Gated ${creator.token.slice(0, 6)}`;
  // A creator publishes an Explicit story once assured (whenever the product assures ages).
  await assureAgeOf(system.infra, creator.email);
  const general = (
    await publishStoryAs(system.baseUrl, creator, {
      texts: [`A general ${cardWord} evening`, 'Tea'],
      rating: 'general',
      hue: 10,
      penName,
    })
  ).id;
  const explicit = (
    await publishStoryAs(system.baseUrl, creator, {
      texts: [`An explicit ${cardWord} night`, `Then ${slideWord} happened`],
      rating: 'explicit',
      hue: 130,
    })
  ).id;
  const explicitPremium = (
    await publishStory(system.baseUrl, TEST_ADMIN_PASSWORD, {
      texts: ['A premium explicit night', 'Dawn'],
      rating: 'explicit',
      isPremium: true,
      hue: 250,
    })
  ).id;
  await system.settle();
  const rows = await system.infra.db
    .selectFrom('story_images')
    .select('ref')
    .where('story_id', '=', explicit)
    .execute();
  return {
    system,
    cardWord,
    slideWord,
    general,
    explicit,
    explicitPremium,
    explicitRefs: rows.map((r) => r.ref),
    creator,
  };
}

/** A visitor token as a completed check gives it. */
const tokenFor = (system: TestSystem) =>
  issueAgeToken(
    system.config.secret,
    {
      method: 'wallet',
      provider: 'local-wallet',
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    },
    new Date(),
  );

const image = (system: TestSystem, ref: string, headers: Record<string, string> = {}) =>
  fetch(`${system.baseUrl}/api/images/${ref}`, { headers });

describe('age assurance required everywhere', () => {
  let lib: Library;
  beforeAll(async () => {
    lib = await libraryUnder({
      ageAssurance: policy('required'),
      // The wallet offered (its trust list empty: no check is completed here).
      ageWallet: {
        provider: 'local-wallet',
        walletUrl: 'http://127.0.0.1:9/authorize',
        trustedCertificates: [],
      },
    });
  });
  afterAll(async () => {
    await lib?.system.stop();
  });

  it("an Explicit story's page answers a visitor its card's words only: no image, no slide, the flag", async () => {
    const page = await apiCall(lib.system.baseUrl, 'GET', `/api/stories/${lib.explicit}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      id: lib.explicit,
      rating: 'explicit',
      images: [],
      texts: [expect.stringContaining(lib.cardWord)],
      ageAssuranceRequired: true,
    });
    expect(page.text).not.toContain(lib.slideWord);
    expect(page.headers.get('cache-control')).toMatch(/private/);
    const general = await apiCall(lib.system.baseUrl, 'GET', `/api/stories/${lib.general}`);
    expect(general.body.images).toHaveLength(2);
    expect(general.body.ageAssuranceRequired).toBeUndefined();
  });

  it('an Explicit premium story is the card too, before any login or unlock', async () => {
    const page = await apiCall(lib.system.baseUrl, 'GET', `/api/stories/${lib.explicitPremium}`);
    expect(page).toMatchObject({ status: 200, body: { images: [], ageAssuranceRequired: true } });
  });

  it("its images' URLs answer 403 with a clear detail before assurance, 200 after", async () => {
    expect(lib.explicitRefs.length).toBeGreaterThan(0);
    for (const ref of lib.explicitRefs) {
      const refused = await image(lib.system, ref);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ detail: ageAssuranceMessages.imageRequiresAssurance });
    }
    const token = tokenFor(lib.system);
    const page = await apiCall(lib.system.baseUrl, 'GET', `/api/stories/${lib.explicit}`, {
      headers: { 'X-Age-Assurance': token },
    });
    expect(page.body.ageAssuranceRequired).toBeUndefined();
    expect(page.body.texts[1]).toContain(lib.slideWord);
    expect(page.body.images).toHaveLength(2);
    // Signed for this visitor: an <img> sends no header.
    for (const ref of page.body.images as string[]) {
      expect(lib.explicitRefs).not.toContain(ref);
      expect((await image(lib.system, ref)).status).toBe(200);
    }
    // A fetch that carries the token itself is served the plain reference.
    expect((await image(lib.system, lib.explicitRefs[0]!, { 'X-Age-Assurance': token })).status).toBe(200);
  });

  /** An entry of the list (of every story) by id. */
  const entryOf = (body: unknown, id: string) =>
    (body as { id: string; images: string[]; texts: string[]; ageAssuranceRequired?: true }[]).find(
      (s) => s.id === id,
    );

  it("the visitors' list shows an Explicit story as a neutral card: its words, rating, no image URL", async () => {
    const list = await apiCall(lib.system.baseUrl, 'GET', '/api/stories');
    expect(entryOf(list.body, lib.explicit)).toMatchObject({
      images: [],
      texts: [expect.stringContaining(lib.cardWord)],
      rating: 'explicit',
      ageAssuranceRequired: true,
    });
    expect(entryOf(list.body, lib.explicitPremium)).toMatchObject({ images: [], ageAssuranceRequired: true });
    expect(entryOf(list.body, lib.general)!.images).toHaveLength(2);
    expect(list.text).not.toContain(lib.slideWord);
    for (const ref of lib.explicitRefs) expect(list.text).not.toContain(ref);
    expect(list.headers.get('vary')).toMatch(/X-Age-Assurance/);
    // A page of it, and a tag's or a rating's, alike.
    const page = await apiCall(lib.system.baseUrl, 'GET', '/api/stories?limit=2');
    expect(page.text).not.toContain(lib.slideWord);
    const explicitOnly = await apiCall(lib.system.baseUrl, 'GET', '/api/stories?rating=explicit');
    expect(explicitOnly.body).toHaveLength(2);
    expect(explicitOnly.text).not.toContain(lib.slideWord);
  });

  it("a visitor's age token gets their own list (images signed for them, private), never another's kept answer", async () => {
    const token = tokenFor(lib.system);
    const assured = await apiCall(lib.system.baseUrl, 'GET', '/api/stories', {
      headers: { 'X-Age-Assurance': token },
    });
    const entry = entryOf(assured.body, lib.explicit)!;
    expect(entry.texts[1]).toContain(lib.slideWord);
    for (const ref of entry.images) expect((await image(lib.system, ref)).status).toBe(200);
    expect(assured.headers.get('cache-control')).toMatch(/private/);
    const locked = entryOf(assured.body, lib.explicitPremium)!;
    for (const ref of locked.images) expect((await image(lib.system, ref)).status).toBe(200);
    // The next visitor, without a token, gets the gated list again.
    const after = await apiCall(lib.system.baseUrl, 'GET', '/api/stories');
    expect(entryOf(after.body, lib.explicit)).toMatchObject({ ageAssuranceRequired: true });
  });

  it("a member's list is gated until their assurance, and staff's never", async () => {
    const member = await createVerifiedUser(lib.system.baseUrl, { prefix: 'lister' });
    const list = (after?: number) =>
      apiCall(lib.system.baseUrl, 'GET', '/api/stories', { token: member.token, after });
    expect(entryOf((await list()).body, lib.explicit)).toMatchObject({ ageAssuranceRequired: true });
    const assured = await assureAgeOf(lib.system.infra, member.email);
    const entry = entryOf((await list(assured)).body, lib.explicit)!;
    expect(entry).not.toHaveProperty('ageAssuranceRequired');
    for (const ref of entry.images) expect((await image(lib.system, ref)).status).toBe(200);
    const staff = await apiCall(lib.system.baseUrl, 'GET', '/api/stories', { admin: TEST_ADMIN_PASSWORD });
    const seen = entryOf(staff.body, lib.explicit)!;
    expect(seen.images).toHaveLength(2);
    for (const ref of seen.images) expect((await image(lib.system, ref)).status).toBe(200);
  });

  it('a forged, altered or expired visitor token assures nothing', async () => {
    const token = tokenFor(lib.system);
    const forged = issueAgeToken(
      'x'.repeat(64),
      { method: 'wallet', expiresAt: new Date(Date.now() + 60_000).toISOString() },
      new Date(),
    );
    for (const bad of [forged, `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, 'nonsense']) {
      const page = await apiCall(lib.system.baseUrl, 'GET', `/api/stories/${lib.explicit}`, {
        headers: { 'X-Age-Assurance': bad },
      });
      expect(page.body).toMatchObject({ images: [], ageAssuranceRequired: true });
    }
  });

  it('a member reads it once their AgeAssured is projected, not while it has expired', async () => {
    const member = await createVerifiedUser(lib.system.baseUrl, { prefix: 'assured' });
    const read = (after?: number) =>
      apiCall(lib.system.baseUrl, 'GET', `/api/stories/${lib.explicit}`, { token: member.token, after });
    expect((await read()).body.ageAssuranceRequired).toBe(true);
    const expired = await assureAgeOf(lib.system.infra, member.email, new Date(Date.now() - 1000));
    expect((await read(expired)).body.ageAssuranceRequired).toBe(true);
    const assured = await assureAgeOf(lib.system.infra, member.email);
    const page = await read(assured);
    expect(page.body.ageAssuranceRequired).toBeUndefined();
    expect(page.body.texts[1]).toContain(lib.slideWord);
    for (const ref of page.body.images as string[]) expect((await image(lib.system, ref)).status).toBe(200);
  });

  it('search finds an Explicit story by its card only until the member is assured, and answers it as its card', async () => {
    const member = await createVerifiedUser(lib.system.baseUrl, { prefix: 'searcher' });
    const search = (q: string, headers: Record<string, string> = {}) =>
      apiCall(lib.system.baseUrl, 'GET', `/api/search?q=${q}`, { token: member.token, headers });
    const bySlide = await search(lib.slideWord);
    expect(bySlide).toMatchObject({ status: 200, body: [] });
    const byCard = await search(lib.cardWord);
    const found = (byCard.body as { id: string }[]).find((s) => s.id === lib.explicit);
    expect(found).toMatchObject({ images: [], ageAssuranceRequired: true });
    expect(byCard.text).not.toContain(lib.slideWord);
    expect((byCard.body as { id: string }[]).map((s) => s.id)).toContain(lib.general);
    // The device's visitor token assures the member's search too.
    const assured = await search(lib.slideWord, { 'X-Age-Assurance': tokenFor(lib.system) });
    expect((assured.body as { id: string }[]).map((s) => s.id)).toEqual([lib.explicit]);
  });

  it('staff see every story as it is', async () => {
    const page = await apiCall(lib.system.baseUrl, 'GET', `/api/stories/${lib.explicit}`, {
      admin: TEST_ADMIN_PASSWORD,
    });
    expect(page.body.images).toHaveLength(2);
    expect(page.body.ageAssuranceRequired).toBeUndefined();
  });

  it('the methods answer says assurance is required, and offers the methods configured', async () => {
    const methods = await apiCall(lib.system.baseUrl, 'GET', '/api/age-assurance/methods');
    expect(methods).toMatchObject({
      status: 200,
      body: { required: true, methods: [{ method: 'wallet', label: expect.any(String) }] },
    });
  });
});

describe('age assurance by region, behind a trusted proxy', () => {
  let lib: Library;
  beforeAll(async () => {
    // The test systems trust loopback's proxy headers (TRUST_PROXY=loopback).
    lib = await libraryUnder({ ageAssurance: policy('by-region', ['GB', 'FR']) });
  });
  afterAll(async () => {
    await lib?.system.stop();
  });

  const from = (country?: string): Record<string, string> => (country ? { 'CF-IPCountry': country } : {});

  it('a UK visitor must be assured; a Brazilian one reads as today; no region means required', async () => {
    const page = (country?: string) =>
      apiCall(lib.system.baseUrl, 'GET', `/api/stories/${lib.explicit}`, { headers: from(country) });
    expect((await page('GB')).body).toMatchObject({ images: [], ageAssuranceRequired: true });
    expect((await page(undefined)).body.ageAssuranceRequired).toBe(true);
    const open = await page('BR');
    expect(open.body.ageAssuranceRequired).toBeUndefined();
    expect(open.body.images).toHaveLength(2);
    expect(lib.explicitRefs).toEqual(expect.arrayContaining(open.body.images));
    expect(open.headers.get('vary')).toMatch(/CF-IPCountry/i);
  });

  it("the visitors' list follows the region", async () => {
    const list = (country?: string) =>
      apiCall(lib.system.baseUrl, 'GET', '/api/stories', { headers: from(country) });
    const explicitIn = async (country?: string) =>
      ((await list(country)).body as { id: string; ageAssuranceRequired?: true }[]).find(
        (s) => s.id === lib.explicit,
      );
    expect(await explicitIn('GB')).toMatchObject({ images: [], ageAssuranceRequired: true });
    expect((await explicitIn('BR'))?.ageAssuranceRequired).toBeUndefined();
    expect(await explicitIn()).toMatchObject({ ageAssuranceRequired: true });
    expect((await explicitIn('BR'))?.ageAssuranceRequired).toBeUndefined();
  });

  it("an Explicit image's plain URL is 403 from the UK and served in Brazil", async () => {
    const ref = lib.explicitRefs[0]!;
    expect((await image(lib.system, ref, from('GB'))).status).toBe(403);
    expect((await image(lib.system, ref, from('BR'))).status).toBe(200);
  });

  it('the methods answer follows the region', async () => {
    const methods = (country?: string) =>
      apiCall(lib.system.baseUrl, 'GET', '/api/age-assurance/methods', { headers: from(country) });
    expect((await methods('FR')).body.required).toBe(true);
    expect((await methods('BR')).body.required).toBe(false);
    expect((await methods()).body.required).toBe(true);
  });
});

describe('age assurance by region without a trusted proxy', () => {
  let lib: Library;
  beforeAll(async () => {
    lib = await libraryUnder({ ageAssurance: policy('by-region', ['GB']), trustProxy: false });
  });
  afterAll(async () => {
    await lib?.system.stop();
  });

  it('ignores CF-IPCountry (anyone could send it): the region is unknown, so assurance is required', async () => {
    const page = await apiCall(lib.system.baseUrl, 'GET', `/api/stories/${lib.explicit}`, {
      headers: { 'CF-IPCountry': 'BR' },
    });
    expect(page.body).toMatchObject({ images: [], ageAssuranceRequired: true });
    expect((await image(lib.system, lib.explicitRefs[0]!, { 'CF-IPCountry': 'BR' })).status).toBe(403);
  });
});

describe('age assurance off', () => {
  let lib: Library;
  beforeAll(async () => {
    lib = await libraryUnder({ ageAssurance: policy('off') });
  });
  afterAll(async () => {
    await lib?.system.stop();
  });

  it('shows an Explicit story, its images and its search matches to everyone, as before', async () => {
    const page = await apiCall(lib.system.baseUrl, 'GET', `/api/stories/${lib.explicit}`);
    expect(page.body.ageAssuranceRequired).toBeUndefined();
    expect(page.body.images).toEqual(lib.explicitRefs.filter((r) => !r.startsWith('preview-')));
    for (const ref of lib.explicitRefs) expect((await image(lib.system, ref)).status).toBe(200);
    const found = await apiCall(lib.system.baseUrl, 'GET', `/api/search?q=${lib.slideWord}`, {
      token: lib.creator.token,
    });
    expect((found.body as { id: string }[]).map((s) => s.id)).toEqual([lib.explicit]);
    expect((await apiCall(lib.system.baseUrl, 'GET', '/api/age-assurance/methods')).body.required).toBe(
      false,
    );
  });
});
