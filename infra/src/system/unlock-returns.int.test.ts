import { UnlockReturner } from '@nocturne/command-api';
import { type MyPremium, STORIES_PER_GRANT } from '@nocturne/domain';
import { streams } from '@nocturne/events';
import {
  adminHeaders,
  bearer,
  grantPremium,
  postStory,
  publish,
  verifiedUser,
} from '@nocturne/test-kit/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSystem, type TestSystem } from './test-system';
import { withdrawnUnlocksOf } from './unlock-returns';

let system: TestSystem;
let creator: string;
let reader: string;
let readerKey: string;
const READER = 'returned-reader@nocturne.test';

beforeAll(async () => {
  // The command side looks for unlocks to give back often here, so a return comes in the test.
  system = await startTestSystem({ schedulerPollMs: 200 });
  creator = await verifiedUser(system.baseUrl, 'withdrawing-creator@nocturne.test');
  reader = await verifiedUser(system.baseUrl, READER);
  readerKey = reader.split('.')[0]!;
  await grantPremium(system.baseUrl, READER);
}, 180_000);

afterAll(async () => {
  await system?.stop();
});

async function creatorsPremiumStory(text: string, seed: number): Promise<string> {
  const response = await postStory(
    system.baseUrl,
    { texts: [text, 'The second page.'], isPremium: true, penName: 'Withdrawing Writer' },
    bearer(creator),
    seed,
  );
  expect(response.status).toBe(201);
  const { id } = (await response.json()) as { id: string };
  await system.settle();
  return id;
}

const open = (id: string) => fetch(`${system.baseUrl}/api/stories/${id}`, { headers: bearer(reader) });

async function myPremium(): Promise<MyPremium> {
  await system.settle();
  return (await (
    await fetch(`${system.baseUrl}/api/me/premium`, { headers: bearer(reader) })
  ).json()) as MyPremium;
}

/** Waits (at most `ms`) until the reader has `count` premium stories left; how long it took. */
async function untilRemaining(count: number, ms = 5_000): Promise<number> {
  const started = Date.now();
  while ((await myPremium()).stories_remaining !== count) {
    if (Date.now() - started > ms) throw new Error(`still ${(await myPremium()).stories_remaining} left`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return Date.now() - started;
}

const returnsOf = async () =>
  (await system.infra.store.readStream(streams.user(readerKey))).filter(
    (e) => e.type === 'PremiumUnlockReturned',
  );

interface Timeline {
  rows: { event: string; story_id: string | null; by: string }[];
  state: { premium: boolean; stories_remaining: number; stories_unlocked: string[] };
}

describe('a withdrawn story gives its unlocks back', () => {
  let unpublished: string;
  let deleted: string;

  it("the creator unpublishes, the admin deletes: each reader's unlock comes back within seconds", async () => {
    unpublished = await creatorsPremiumStory('A story its creator withdrew.', 1);
    deleted = await publish(
      system.baseUrl,
      { texts: ['A story the admin deleted.', 'Two.'], isPremium: true },
      2,
    );
    await system.settle();
    for (const id of [unpublished, deleted]) expect((await open(id)).status).toBe(200);
    expect((await myPremium()).stories_remaining).toBe(STORIES_PER_GRANT - 2);

    const withdrawn = await fetch(`${system.baseUrl}/api/stories/${unpublished}/unpublish`, {
      method: 'POST',
      headers: bearer(creator),
    });
    expect(withdrawn.status).toBe(200);
    expect(
      (await fetch(`${system.baseUrl}/api/stories/${deleted}`, { method: 'DELETE', headers: adminHeaders }))
        .status,
    ).toBe(200);

    await untilRemaining(STORIES_PER_GRANT);
    const ledger = await myPremium();
    expect(ledger.unlocks.map((u) => [u.story_id, u.returned_at !== null])).toEqual([
      [deleted, true],
      [unpublished, true],
    ]);
    const returns = await returnsOf();
    expect(returns.map((e) => [e.data, (e.metadata as { actor: { kind: string } }).actor.kind])).toEqual(
      expect.arrayContaining([
        [{ storyId: unpublished, reason: 'unpublished' }, 'system'],
        [{ storyId: deleted, reason: 'deleted' }, 'system'],
      ]),
    );
    expect(returns).toHaveLength(2);
  });

  it('the audit replay agrees: the returns are rows, the state has the stories back', async () => {
    const response = await fetch(
      `${system.baseUrl}/api/admin/audit/timeline?email=${encodeURIComponent(READER)}`,
      { headers: adminHeaders },
    );
    expect(response.status).toBe(200);
    const timeline = (await response.json()) as Timeline;
    expect(timeline.state).toMatchObject({
      premium: true,
      stories_remaining: STORIES_PER_GRANT,
      stories_unlocked: [],
    });
    expect(timeline.state.stories_remaining).toBe((await myPremium()).stories_remaining);
    const returned = timeline.rows.filter((row) => row.event === 'PremiumUnlockReturned');
    expect(returned.map((row) => row.story_id).sort()).toEqual([unpublished, deleted].sort());
    expect(returned.every((row) => row.by === 'the system')).toBe(true);
  });

  it('a restart, or two more processes at once, give nothing back twice', async () => {
    const third = await creatorsPremiumStory('A third story, withdrawn too.', 3);
    expect((await open(third)).status).toBe(200);
    await fetch(`${system.baseUrl}/api/stories/${third}/unpublish`, {
      method: 'POST',
      headers: bearer(creator),
    });
    await system.settle();
    const process = () =>
      new UnlockReturner({
        store: system.infra.store,
        withdrawnUnlocks: withdrawnUnlocksOf(system.infra),
        notifier: system.infra.notifier,
        clock: () => new Date(),
        pollMs: 60_000,
        log: () => {},
      });
    // Two more processes race the system's own returner for the same unlock.
    await Promise.all([process().returnWithdrawn(), process().returnWithdrawn()]);
    await untilRemaining(STORIES_PER_GRANT);
    // Once folded, a fresh look finds nothing to give back.
    await system.settle();
    expect(await process().returnWithdrawn()).toBe(0);
    const returns = await returnsOf();
    expect(returns.filter((e) => (e.data as { storyId: string }).storyId === third)).toHaveLength(1);
    expect(returns).toHaveLength(3);
  });

  it('the unlock given back opens another premium story, and a withdrawn story stays closed', async () => {
    const another = await publish(
      system.baseUrl,
      { texts: ['Another premium story.', 'Two.'], isPremium: true },
      4,
    );
    await system.settle();
    expect((await open(another)).status).toBe(200);
    expect((await myPremium()).stories_remaining).toBe(STORIES_PER_GRANT - 1);
    expect((await open(unpublished)).status).toBe(404);
  });
});
