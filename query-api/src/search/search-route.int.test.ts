import { randomUUID } from 'node:crypto';
import { STORIES_PER_GRANT } from '@nocturne/domain';
import { type DomainEvent, streams } from '@nocturne/events';
import { storyPublished } from '@nocturne/events/testing';
import { MAINTENANCE_POOL_TIMEOUTS } from '@nocturne/pg-kit';
import { createReadModelDb } from '@nocturne/projector';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestQueryApi, type TestMember, type TestQueryApi } from '../testing/test-query-api';
import { rankedMatches, SearchQueueFull, type SearchScope, StoryFinder } from './find-stories';
import { SEARCHES_PER_MINUTE } from './search-route';

let api: TestQueryApi;

/** Premium granted, as a staff member's grant appends it. */
async function grantPremium(member: TestMember): Promise<void> {
  head = String(
    await api.given(streams.user(member.userKey), [
      { type: 'PremiumGranted', data: { stories: STORIES_PER_GRANT } },
    ]),
  );
}
let member: string;
/** A member with premium (stories to unlock): each test opens only its own stories. */
let premiumMember: TestMember;
let admin: string;
/** The last write's position: every search waits for it (read-your-writes). */
let head = '0';

beforeAll(async () => {
  api = await startTestQueryApi(
    'search_route',
    {},
    {
      // Opening a premium story spends an unlock: command-api's, appended here as it would append it.
      unlockPremiumStory: async ({ userKey, storyId }) => ({
        position: await api.given(streams.user(userKey), [
          { type: 'PremiumStoryUnlocked', data: { storyId } },
        ]),
        alreadyUnlocked: false,
      }),
    },
  );
  member = (await api.member()).token;
  premiumMember = await api.member();
  admin = await api.adminCode();
});
afterAll(async () => {
  await api?.stop();
});

/** A word no other test uses (letters only, so the English stemmer leaves it whole). */
const uniqueWord = () =>
  `zq${randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 10)}x`;

async function publish(story: { texts: string[]; tags?: string[]; isPremium?: boolean }): Promise<string> {
  const event = storyPublished({ isPremium: story.isPremium });
  const image = event.data.slides[0]!.image;
  event.data.slides = story.texts.map((text) => ({ image, text }));
  event.data.tags = story.tags ?? [];
  head = String(await api.given(streams.story(event.data.storyId), [event]));
  return event.data.storyId;
}

async function append(stream: string, event: DomainEvent): Promise<void> {
  head = String(await api.given(stream, [event]));
}

interface Found {
  id: string;
  likes: number;
  images: string[];
  texts: string[];
  isPremium: boolean;
  slides?: number;
}

async function search(
  query: string,
  headers: Record<string, string> = { Authorization: `Bearer ${member}` },
) {
  await api.project();
  const response = await fetch(`${api.baseUrl}/api/search?${query}`, {
    headers: { 'X-Min-Position': head, ...headers },
  });
  const body = (await response.json()) as Found[] & { detail?: string };
  return { status: response.status, body, headers: response.headers };
}
const ids = (found: Found[]) => found.map((story) => story.id);

/** The read model's database, counting the statements it executes (Kysely hands each result to its plugins once). */
function countingStatements() {
  const counted = {
    statements: 0,
    db: api.db.withPlugin({
      transformQuery: ({ node }) => node,
      transformResult: async ({ result }) => {
        counted.statements++;
        return result;
      },
    }),
  };
  return counted;
}

describe('GET /api/search', () => {
  it('finds a story by a word of its fourth slide, stemmed, in the list answer shape', async () => {
    const word = uniqueWord();
    const id = await publish({ texts: ['The harbour.', 'Gulls.', 'Fog.', `Her ${word} lanterns burned.`] });
    const found = await search(`q=${encodeURIComponent('lantern')}%20${word}`);
    expect(found.status).toBe(200);
    expect(found.headers.get('cache-control')).toBe('private, no-cache');
    expect(Number(found.headers.get('x-projected-position'))).toBeGreaterThanOrEqual(Number(head));
    expect(found.body).toEqual([
      expect.objectContaining({
        id,
        texts: ['The harbour.', 'Gulls.', 'Fog.', `Her ${word} lanterns burned.`],
        isPremium: false,
      }),
    ]);
    expect((await search(`q=${uniqueWord()}`)).body).toEqual([]);
  });

  it('ranks a tag match above a mention, and more mentions above fewer, then the newest first', async () => {
    const word = uniqueWord();
    const tagged = await publish({ texts: ['Quiet.', 'Night.'], tags: [word] });
    const once = await publish({ texts: [`A ${word}.`, 'Night.'] });
    const thrice = await publish({ texts: [`A ${word}.`, `Another ${word}.`, `And a ${word} again.`] });
    const onceNewer = await publish({ texts: [`A ${word}.`, 'Night.'] });
    expect(ids((await search(`q=${word}`)).body)).toEqual([tagged, thrice, onceNewer, once]);
    expect(ids((await search(`q=${word}&limit=2`)).body)).toEqual([tagged, thrice]);
  });

  it('ranks only the newest matches: an older story that would rank first is beyond the window (was: every match ranked, a common word ranked most stories)', async () => {
    const word = uniqueWord();
    const tagged = await publish({ texts: ['Quiet.', 'Night.'], tags: [word] });
    const taggedPremium = await publish({ texts: ['Quiet.', 'Night.'], tags: [word], isPremium: true });
    const thrice = await publish({ texts: [`A ${word}.`, `Another ${word}.`, `And a ${word} again.`] });
    const once = await publish({ texts: [`A ${word}.`, 'Night.'] });
    // The finder reads story_search itself, without waiting for a position: the projector first.
    await api.project();
    const finder = new StoryFinder(api.db, { window: 2 });
    const find = async (limit: number, scope: SearchScope) =>
      (await finder.find({ words: word, limit }, scope)).map((story) => story.id);

    // The two newest matches, ranked among themselves; both tagged stories are older.
    expect(await find(2, { kind: 'everything' })).toEqual([thrice, once]);
    // A member's two matches each have their window: the premium story matches on its card
    // (its tag), among the newest cards; the free tagged one is past the newest two free ones.
    expect(await find(2, { kind: 'readable', premium: [] })).toEqual([taggedPremium, thrice]);
    // The window is never smaller than the page asked for.
    expect(await find(3, { kind: 'everything' })).toEqual([taggedPremium, thrice, once]);
    // With the product's window, all four are ranked.
    expect(ids((await search(`q=${word}`, { 'X-Admin-Code': admin })).body)).toEqual([
      taggedPremium,
      tagged,
      thrice,
      once,
    ]);
  });

  it('answers a premium story locked to a free reader (never its texts), in full to an admin', async () => {
    const [opening, hidden] = [uniqueWord(), uniqueWord()];
    const texts = [
      `Opening ${opening} words of the premium story.`,
      'Two.',
      'Three.',
      `The ${hidden} secret.`,
    ];
    const id = await publish({ texts, isPremium: true });
    const [locked] = (await search(`q=${opening}`)).body;
    expect(locked?.id).toBe(id);
    expect(locked?.texts).toHaveLength(1);
    expect(JSON.stringify(locked)).not.toContain(hidden);
    const [full] = (await search(`q=${hidden}`, { 'X-Admin-Code': admin })).body;
    expect(full).toMatchObject({ id, texts, slides: 4, isPremium: true });
  });

  it('a premium member sees the cover of a premium story they have not opened, the whole story once opened', async () => {
    await grantPremium(premiumMember);
    const [cover, hidden] = [uniqueWord(), uniqueWord()];
    const id = await publish({ texts: [`Cover ${cover} words.`, `The ${hidden}.`], isPremium: true });
    const as = { Authorization: `Bearer ${premiumMember.token}` };
    const [shown] = (await search(`q=${cover}`, as)).body;
    expect(shown?.texts).toHaveLength(1);
    await api.project();
    const open = await fetch(`${api.baseUrl}/api/stories/${id}`, {
      headers: { ...as, 'X-Min-Position': head },
    });
    expect(open.status).toBe(200);
    head = open.headers.get('x-event-position') ?? head;
    const [unlocked] = (await search(`q=${hidden}`, as)).body;
    expect(unlocked?.texts).toEqual([`Cover ${cover} words.`, `The ${hidden}.`]);
  });

  it('matches a story the searcher cannot read only on what its card shows them (was: any word of its hidden slides, so phrases rebuilt its text)', async () => {
    const [tag, opening, past, hidden] = [uniqueWord(), uniqueWord(), uniqueWord(), uniqueWord()];
    // The card shows the tags and the first ten words of the first text.
    const first = `One two three four five six seven eight nine ${opening} ${past} twelve.`;
    const id = await publish({
      texts: [first, 'A quiet harbour.', `She kept the ${hidden} lantern lit all night.`],
      tags: [tag],
      isPremium: true,
    });
    const phrase = encodeURIComponent(`"${hidden} lantern"`);
    await grantPremium(premiumMember);
    const asFree = { Authorization: `Bearer ${member}` };
    const asPremiumMember = { Authorization: `Bearer ${premiumMember.token}` };

    // Nothing of the hidden slides, nor of the first text past the card's words, finds it.
    for (const [who, as] of [
      ['a free member', asFree],
      ['a premium member who has not opened it', asPremiumMember],
    ] as const) {
      for (const words of [phrase, hidden, past, `${hidden}%20${tag}`]) {
        expect((await search(`q=${words}`, as)).body, `${who}: ${words}`).toEqual([]);
      }
    }
    const visitor = await search(`q=${phrase}`, {});
    expect(visitor.status).toBe(401);
    expect(JSON.stringify(visitor.body)).not.toContain(id);

    // What the card shows finds it, for everyone who may search.
    for (const as of [asFree, asPremiumMember, { 'X-Admin-Code': admin }]) {
      expect(ids((await search(`q=${tag}`, as)).body)).toEqual([id]);
      expect(ids((await search(`q=${opening}`, as)).body)).toEqual([id]);
      expect(ids((await search(`q=${opening}%20${tag}`, as)).body)).toEqual([id]);
    }

    // A reader who may read it finds it by any of its words: the admin, and the premium member once opened.
    const [asAdmin] = (await search(`q=${phrase}`, { 'X-Admin-Code': admin })).body;
    expect(asAdmin).toMatchObject({ id, texts: expect.arrayContaining([expect.stringContaining(hidden)]) });
    await api.project();
    const open = await fetch(`${api.baseUrl}/api/stories/${id}`, {
      headers: { ...asPremiumMember, 'X-Min-Position': head },
    });
    expect(open.status).toBe(200);
    head = open.headers.get('x-event-position') ?? head;
    expect(ids((await search(`q=${phrase}`, asPremiumMember)).body)).toEqual([id]);
    expect(ids((await search(`q=${past}`, asPremiumMember)).body)).toEqual([id]);
    // The free member still does not.
    expect((await search(`q=${phrase}`, asFree)).body).toEqual([]);
  });

  it('ranks a premium story the searcher cannot read by its card: a tag of its card outranks a mention', async () => {
    const word = uniqueWord();
    const mention = await publish({ texts: [`A ${word}.`, 'Night.'] });
    const tagged = await publish({ texts: ['Quiet.', `The ${word} again.`], tags: [word], isPremium: true });
    expect(ids((await search(`q=${word}`)).body)).toEqual([tagged, mention]);
  });

  it('follows the log: new tags are found and old ones not after a labels change; a deleted story is gone', async () => {
    const [before, after] = [uniqueWord(), uniqueWord()];
    const id = await publish({ texts: ['One.', 'Two.'], tags: [before] });
    expect(ids((await search(`q=${before}`)).body)).toEqual([id]);
    await append(streams.story(id), {
      type: 'StoryLabelsChanged',
      data: { storyId: id, tags: [after], warnings: [] },
    });
    expect(ids((await search(`q=${after}`)).body)).toEqual([id]);
    expect((await search(`q=${before}`)).body).toEqual([]);
    await append(streams.story(id), { type: 'StoryDeleted', data: { storyId: id } });
    expect((await search(`q=${after}`)).body).toEqual([]);
  });

  it('a kept answer still shows the stories as they are now: a like after the search is counted', async () => {
    const word = uniqueWord();
    const id = await publish({ texts: [`The ${word}.`, 'Two.'] });
    expect((await search(`q=${word}`)).body).toEqual([expect.objectContaining({ id, likes: 0 })]);
    // The like as command-api appends it.
    await append(streams.storyLikes(id), { type: 'StoryLiked', data: { storyId: id } });
    expect((await search(`q=${word}`)).body).toEqual([expect.objectContaining({ id, likes: 1 })]);
  });

  it('sends a search it has not kept straight to its ranking, and checks a kept one against the version (was: the version read before every ranking too)', async () => {
    const word = uniqueWord();
    const first = await publish({ texts: [`The ${word}.`, 'Two.'] });
    await api.project();
    const counted = countingStatements();
    const finder = new StoryFinder(counted.db);
    const find = async () => {
      counted.statements = 0;
      const found = (await finder.find({ words: word, limit: 20 }, { kind: 'everything' })).map((s) => s.id);
      return { found, statements: counted.statements };
    };
    // Not kept: the ranking (with the version), then the stories' rows.
    expect(await find()).toEqual({ found: [first], statements: 2 });
    // Kept: the version, then the rows.
    expect(await find()).toEqual({ found: [first], statements: 2 });
    // A publish moves the version: the kept answer is not trusted and the words are ranked again.
    const second = await publish({ texts: [`Another ${word}.`, 'Two.'] });
    await api.project();
    expect(await find()).toEqual({ found: [second, first], statements: 3 });
  });

  it("takes the rows it is handed (the list snapshot's) and reads only the others (was: every row read by id, each card sent and parsed again)", async () => {
    const word = uniqueWord();
    const older = await publish({ texts: [`The ${word}.`, 'Two.'] });
    const newer = await publish({ texts: [`Another ${word}.`, 'Two.'] });
    await api.project();
    const held = await api.db
      .selectFrom('stories')
      .selectAll()
      .where('id', '=', older)
      .executeTakeFirstOrThrow();
    const counted = countingStatements();
    const finder = new StoryFinder(counted.db);
    const find = async (atHand: (id: string) => typeof held | undefined) => {
      counted.statements = 0;
      const found = await finder.find({ words: word, limit: 20 }, { kind: 'everything' }, atHand);
      return { found: found.map((s) => [s.id, s.likes]), statements: counted.statements };
    };
    // The held row as handed (its likes say where it came from); the other read: ranking and one read.
    const marked = { ...held, likes: 42 };
    expect(await find((id) => (id === older ? marked : undefined))).toEqual({
      found: [
        [newer, 0],
        [older, 42],
      ],
      statements: 2,
    });
    // Every row at hand: the kept ranking's version alone, no read of the stories.
    expect(await find((id) => (id === older ? marked : { ...held, id, likes: 7 }))).toEqual({
      found: [
        [newer, 7],
        [older, 42],
      ],
      statements: 1,
    });
  });

  it('reads anything a visitor types without an error: operators, quotes, stop words only', async () => {
    for (const typed of ['"unclosed', 'a & b | !c', '(:*)', 'the and of', '-', "o'brien", 'ünïcödé 雪']) {
      const answer = await search(`q=${encodeURIComponent(typed)}`);
      expect(answer.status, typed).toBe(200);
      expect(Array.isArray(answer.body)).toBe(true);
    }
  });

  it('refuses bad input with a 400 and a detail, never a 500', async () => {
    const cases: [string, RegExp][] = [
      ['', /at least one word/],
      ['q=', /at least one word/],
      ['q=%20%20', /at least one word/],
      [`q=${'a'.repeat(201)}`, /at most 200 characters/],
      ['q=fog%00', /NUL/],
      ['q=fog&q=rain', /given once/],
      ['q=fog&limit=0', /limit must be a whole number from 1 to 50/],
      ['q=fog&limit=51', /limit must be a whole number from 1 to 50/],
      ['q=fog&limit=abc', /limit must be a whole number from 1 to 50/],
    ];
    for (const [query, detail] of cases) {
      const answer = await search(query);
      expect(answer.status, query).toBe(400);
      expect(answer.body.detail, query).toMatch(detail);
    }
  });

  it('is for members and admins: 401 without a session, with a stale one, or a wrong admin code', async () => {
    const callers: Record<string, string>[] = [
      {},
      { Authorization: 'Bearer not-a-session' },
      { 'X-Admin-Code': 'wrong-code' },
    ];
    for (const headers of callers) {
      const answer = await search('q=fog', headers);
      expect(answer.status).toBe(401);
      expect(answer.body.detail).toEqual(expect.any(String));
    }
  });

  it("finds the newest matches by the GIN indexes (a rare word) or newest first by position (a common one), and ranks only those (was: a gated member's Explicit cards read every row)", async () => {
    /** The plan with the given scans priced out; a handful of rows makes a sequential scan cheaper. */
    const explain = (scope: SearchScope, pricedOut: string[]) =>
      api.db.transaction().execute(async (trx) => {
        for (const setting of ['enable_seqscan', ...pricedOut])
          await sql`set local ${sql.raw(setting)} = off`.execute(trx);
        const rows = await rankedMatches(trx, { words: 'lantern fog', limit: 20 }, scope).explain(
          undefined,
          sql`verbose`,
        );
        return rows.map((row) => String(row['QUERY PLAN'])).join('\n');
      });
    const member: SearchScope = { kind: 'readable', premium: ['x'] };
    // A member who must be assured to be an adult and is not: Explicit stories by their card too.
    const gated: SearchScope = { kind: 'readable', premium: ['x'], explicitByCard: true };
    const byGin = {
      admin: await explain({ kind: 'everything' }, ['enable_indexscan']),
      member: await explain(member, ['enable_indexscan']),
      gated: await explain(gated, ['enable_indexscan']),
    };
    const byPosition = {
      admin: await explain({ kind: 'everything' }, ['enable_bitmapscan']),
      member: await explain(member, ['enable_bitmapscan']),
    };
    expect(byGin.admin).toMatch(/Bitmap Index Scan on story_search_document/);
    // A member's: the whole document of what they may read, the card of the rest, each by its index.
    for (const plan of [byGin.member, byGin.gated]) {
      expect(plan).toMatch(/Bitmap Index Scan on story_search_document/);
      expect(plan).toMatch(/Bitmap Index Scan on story_search_card/);
    }
    // Walked newest first, each match tested as it comes, up to the window: no sort by position.
    expect(byPosition.admin).toMatch(/Index Scan using story_search_newest/);
    expect(byPosition.member.match(/Index Scan using story_search_newest/g)).toHaveLength(2);
    for (const plan of [byPosition.admin, byPosition.member])
      expect(plan.match(/Sort Key:/g)).toHaveLength(1);
    for (const plan of [byGin.admin, byGin.member, byGin.gated, byPosition.admin, byPosition.member]) {
      expect(plan.match(/Sort Key: [^\n]*ts_rank_cd/g)).toHaveLength(1);
      // No scan of story_search ranks what it finds: the rank is computed above the window's limit.
      const scans = plan
        .split(/\n(?=\s*->)/)
        .filter((node) => /Scan .*on read_model\.story_search/.test(node));
      expect(scans.length).toBeGreaterThan(0);
      for (const scan of scans) expect(scan).not.toMatch(/ts_rank_cd/);
    }
  });
});

describe('search limits (was: no limit per account, an unbounded waiting queue)', () => {
  it(`answers an account's searches past ${SEARCHES_PER_MINUTE} a minute with 429 and Retry-After; another account searches on`, async () => {
    const eager = {
      Authorization: `Bearer ${(await api.member()).token}`,
    };
    for (let i = 0; i < SEARCHES_PER_MINUTE; i++) {
      expect((await search(`q=${uniqueWord()}`, eager)).status).toBe(200);
    }
    const refused = await search(`q=${uniqueWord()}`, eager);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body.detail).toEqual(expect.any(String));
    const other = {
      Authorization: `Bearer ${(await api.member()).token}`,
    };
    expect((await search(`q=${uniqueWord()}`, other)).status).toBe(200);
  });

  it('refuses a search at once when the ranking queue is full, and ranks the others (was: failed on a busy machine, its searches timed out waiting for a connection)', async () => {
    const searches = 12;
    // A connection for every search and time enough on a loaded machine: the only refusal this
    // test may see is the queue's.
    const db = createReadModelDb(api.databaseUrl, undefined, searches + 1, MAINTENANCE_POOL_TIMEOUTS);
    try {
      const finder = new StoryFinder(db, { queue: 1 });
      let settled = 0;
      const { all } = await db.transaction().execute(async (trx) => {
        // Rankings wait on this lock, so the ones that started still run when the last search
        // asks for its turn: two rank, one waits in the queue of one, nine are refused.
        await sql`lock table story_search in access exclusive mode`.execute(trx);
        const all = Promise.allSettled(
          Array.from({ length: searches }, () =>
            finder
              .find({ words: uniqueWord(), limit: 20 }, { kind: 'readable', premium: [] })
              .finally(() => settled++),
          ),
        );
        await vi.waitFor(() => expect(settled).toBe(searches - 3), { timeout: 30_000 });
        return { all }; // not awaited here: the three left finish once the lock is released
      });
      const outcomes = await all;
      const refused = outcomes.filter((o) => o.status === 'rejected');
      expect(refused).toHaveLength(searches - 3);
      for (const o of refused) expect((o as PromiseRejectedResult).reason).toBeInstanceOf(SearchQueueFull);
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(3);
    } finally {
      await db.destroy();
    }
  });
});
