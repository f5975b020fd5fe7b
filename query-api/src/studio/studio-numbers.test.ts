import { describe, expect, it } from 'vitest';
import { lastDays, reachOf } from './studio-numbers';

describe('studio numbers', () => {
  it('counts readers, finishes and how many reached each slide (a finish reaches them all)', () => {
    const rows = [
      { story_id: 's', max_slide: 0, finished: false },
      { story_id: 's', max_slide: 2, finished: false },
      { story_id: 's', max_slide: 1, finished: true },
      { story_id: 's', max_slide: 9, finished: false }, // a slide past the end counts as the last
    ];
    expect(reachOf(rows, 4)).toEqual({ readers: 4, finished: 1, reached: [4, 3, 3, 2] });
    expect(reachOf([], 3)).toEqual({ readers: 0, finished: 0, reached: [0, 0, 0] });
  });

  it('lists the last days up to today, oldest first, across a month end', () => {
    expect(lastDays(new Date('2026-03-02T23:59:00Z'), 4)).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(lastDays(new Date('2026-03-02T00:00:00Z'), 90)).toHaveLength(90);
  });
});
