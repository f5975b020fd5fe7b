import { describe, expect, it } from 'vitest';
import { reportedSlides } from './reported-slides';

describe('reportedSlides', () => {
  it('reads the slides a report names, once each and in order', () => {
    expect(reportedSlides(['The girl on slide 3 looks 15.', 'Slides 1 and 3, again: slide 2'], 5)).toEqual([
      1, 2, 3,
    ]);
  });

  it('leaves out slides the story does not have and texts naming none', () => {
    expect(reportedSlides(['slide 9 is copied', 'the first slide is fine', ''], 4)).toEqual([]);
  });
});
