import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MemoryEventStore } from './memory/memory-event-store';
import { readTypesOfFeed } from './read-types';

const event = (type: string) => ({ eventId: randomUUID(), type, data: {}, metadata: {} });

describe('readTypesOfFeed', () => {
  it('keeps the asked types of one stretch of the feed, and says how far it covered', async () => {
    const store = new MemoryEventStore();
    // Positions 1-7: the wanted type at 2, 3 and 7.
    const types = ['Other', 'Wanted', 'Wanted', 'Other', 'Other', 'Other', 'Wanted'];
    await store.append('s', types.map(event), 'no_stream');
    const readAll = (after: number, limit: number) => store.readAll(after, limit);

    const first = await readTypesOfFeed(readAll, 0, 10, ['Wanted'], 4);
    expect(first.events.map((e) => e.position)).toEqual([2, 3]);
    expect(first).toMatchObject({ through: 4, atHead: false });
    // The limit reached: through the last one found.
    expect(await readTypesOfFeed(readAll, 0, 1, ['Wanted'], 4)).toMatchObject({ through: 2, atHead: false });
    const rest = await readTypesOfFeed(readAll, 4, 10, ['Wanted'], 4);
    expect(rest.events.map((e) => e.position)).toEqual([7]);
    expect(rest).toMatchObject({ through: 7, atHead: true });
    expect(await readTypesOfFeed(readAll, 7, 10, ['Wanted'], 4)).toEqual({
      events: [],
      through: 7,
      atHead: true,
    });
  });
});
