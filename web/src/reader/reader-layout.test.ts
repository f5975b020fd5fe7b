import { describe, expect, it } from 'vitest';
import { countSentences, readerLayout, slideAt, slideScrollHeight } from './reader-layout';

describe('reader scroll geometry', () => {
  it('counts sentences ending at . ! ?', () => {
    expect(countSentences('')).toBe(0);
    expect(countSentences('One. Two! Three? Four')).toBe(4);
    expect(countSentences('Wait... what?! Yes.')).toBe(3);
  });

  it('gives each slide 1.2 x the window height plus 120 px per sentence', () => {
    expect(slideScrollHeight('One. Two.', 800)).toBe(960 + 240);
    expect(slideScrollHeight('', 1000)).toBe(1200);
  });

  it('places slides one after another and finds the slide at a scroll position', () => {
    const layout = readerLayout(['A.', 'B. C.'], 500);
    expect(layout.heights).toEqual([720, 840]);
    expect(layout.starts).toEqual([0, 720]);
    expect(layout.total).toBe(1560);
    expect(slideAt(layout, 0)).toEqual({ index: 0, progress: 0 });
    expect(slideAt(layout, 360)).toEqual({ index: 0, progress: 0.5 });
    expect(slideAt(layout, 720).index).toBe(1);
    expect(slideAt(layout, 99_999)).toEqual({ index: 1, progress: 1 });
  });
});
