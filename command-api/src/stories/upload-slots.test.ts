import { postStory } from '@nocturne/test-kit/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOADS_BUSY, WorkSlots } from '../images/work-slots';
import { startTestCommandApi, type TestCommandApi } from '../testing/test-command-api';

/** Parallel uploads wait for a slot, and past the queue are refused. */
let system: TestCommandApi;
const slots = new WorkSlots(1, 1);

beforeAll(async () => {
  system = await startTestCommandApi({}, { imageWork: slots });
});
afterAll(async () => {
  await system?.stop();
});

const until = async (condition: () => boolean) => {
  for (let i = 0; i < 1500 && !condition(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(condition()).toBe(true);
};

describe('image work is bounded per process', () => {
  it('an upload waits while the slots are taken; past the queue it is a 503 that stores nothing', async () => {
    const holdTheOnlySlot = await slots.acquire();
    const before = await system.ports.store.headPosition();

    const waiting = postStory(system.baseUrl, { texts: ['one', 'two'] }, undefined, 7);
    await until(() => slots.waiting === 1);
    const refused = await postStory(system.baseUrl, { texts: ['three', 'four'] }, undefined, 8);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(await refused.json()).toEqual({ detail: UPLOADS_BUSY });
    expect(await system.ports.store.headPosition()).toBe(before);

    holdTheOnlySlot();
    expect((await waiting).status).toBe(201);
    expect(slots.active).toBe(0);
  }, 30_000);

  it('parallel uploads all succeed, one at a time', async () => {
    const relaxed = await startTestCommandApi({}, { imageWork: new WorkSlots(1, 10) });
    try {
      const answers = await Promise.all(
        [1, 2, 3, 4].map((seed) => postStory(relaxed.baseUrl, { texts: ['a', 'b'] }, undefined, 20 + seed)),
      );
      expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201]);
    } finally {
      await relaxed.stop();
    }
  }, 30_000);
});
