import { describe, expect, it } from 'vitest';
import { given, storyPublished, userRegistered } from '../testing';
import { backdatedStore } from './backdated-store';
import { MemoryEventStore } from './memory/memory-event-store';
import { ScanningLogBrowser } from './scanning-log-browser';

/** A log of stories and accounts, each event recorded an hour after the one before. */
async function log() {
  const store = new MemoryEventStore();
  let now = Date.UTC(2025, 5, 1);
  const writer = backdatedStore(store, () => {
    now += 3_600_000;
    return new Date(now);
  });
  for (let i = 0; i < 5; i++) {
    const story = storyPublished();
    await given(writer, `story-${story.data.storyId}`, [story]);
    await given(writer, `user-${String(i).padStart(32, '0')}`, [userRegistered()]);
  }
  return { store, browser: new ScanningLogBrowser(store) };
}

describe('the scanning event browser', () => {
  it('records the backdated times, and pages the log newest first with no gap and no repeat', async () => {
    const { store, browser } = await log();
    const all = await store.readAll(0, 100);
    expect(all.map((e) => e.recordedAt.getTime() - Date.UTC(2025, 5, 1))).toEqual(
      all.map((_, i) => (i + 1) * 3_600_000),
    );
    const seen: number[] = [];
    let before: number | null = null;
    do {
      const page: Awaited<ReturnType<typeof browser.events>> = await browser.events({}, before, 3);
      seen.push(...page.items.map((e) => e.position));
      before = page.next;
    } while (before !== null);
    expect(seen).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
  });

  it('filters by type and time, lists a category by name, and reads a stream newest first', async () => {
    const { browser } = await log();
    const registered = await browser.events({ types: ['UserRegistered'] }, null, 10);
    expect(registered.items.map((e) => e.position)).toEqual([10, 8, 6, 4, 2]);
    const from = new Date(Date.UTC(2025, 5, 1) + 3 * 3_600_000);
    const to = new Date(Date.UTC(2025, 5, 1) + 5 * 3_600_000);
    expect((await browser.events({ from, to }, null, 10)).items.map((e) => e.position)).toEqual([4, 3]);
    const first = await browser.streams('user', null, 2);
    expect(first.items.map((s) => s.name)).toEqual([`user-${'0'.repeat(32)}`, `user-${'0'.repeat(31)}1`]);
    const rest = await browser.streams('user', first.next, 10);
    expect(rest.items).toHaveLength(3);
    expect(rest.next).toBeNull();
    expect((await browser.event(7))?.position).toBe(7);
    expect(await browser.event(99)).toBeNull();
  });
});
