import { describe, expect, it } from 'vitest';
import { slideAfterRevision } from './drafts';

describe('where a reader is after a revision', () => {
  it('stays on a kept slide, at its new place', () => {
    expect(slideAfterRevision(2, [2, 0, 1])).toBe(0);
    expect(slideAfterRevision(0, [null, 0])).toBe(1);
  });

  it('moves from a removed slide to the nearest kept one, the earlier on a tie', () => {
    // Five slides, the middle three removed: slide 2 is as near to 0 as to 4.
    expect(slideAfterRevision(2, [0, 4])).toBe(0);
    expect(slideAfterRevision(3, [0, 4])).toBe(1);
    expect(slideAfterRevision(1, [0, 4])).toBe(0);
    // The last slides removed: the reader on slide 5 goes to the last one left.
    expect(slideAfterRevision(5, [0, 1, 2])).toBe(2);
  });

  it('with no slide kept, keeps the place within the new count', () => {
    expect(slideAfterRevision(1, [null, null, null])).toBe(1);
    expect(slideAfterRevision(6, [null, null])).toBe(1);
  });
});
