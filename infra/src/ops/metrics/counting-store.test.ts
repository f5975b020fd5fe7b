import { randomUUID } from 'node:crypto';
import { WrongExpectedRevisionError } from '@nocturne/events/store';
import { MemoryEventStore } from '@nocturne/events/store/memory';
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { countAppends } from './counting-store';

const liked = () => ({ eventId: randomUUID(), type: 'StoryLiked', data: {}, metadata: {} });

async function appendedTotal(registry: Registry): Promise<number | undefined> {
  const metric = registry.getSingleMetric('nocturne_events_appended_total');
  return (await metric!.get()).values.find((v) => v.labels.type === 'StoryLiked')?.value;
}

describe('countAppends', () => {
  it('counts the events of each accepted append', async () => {
    const registry = new Registry();
    const store = countAppends(new MemoryEventStore(), registry);
    await store.append('story_likes-a', [liked(), liked()], 'any');
    expect(await appendedTotal(registry)).toBe(2);
  });

  it('passes the guard on: a guarded append whose guard fails is refused and not counted', async () => {
    const registry = new Registry();
    const inner = new MemoryEventStore();
    const store = countAppends(inner, registry);
    await store.append('story-a', [liked()], 'no_stream');
    await store.append('story_likes-a', [liked()], 'any', { stream: 'story-a', revision: 0 });
    await store.append('story-a', [liked()], 0); // the story changes (deleted, say)
    await expect(
      store.append('story_likes-a', [liked()], 'any', { stream: 'story-a', revision: 0 }),
    ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    expect(await inner.readStream('story_likes-a')).toHaveLength(1);
    expect(await appendedTotal(registry)).toBe(3);
  });
});
