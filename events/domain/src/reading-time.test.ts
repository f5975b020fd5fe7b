import { describe, expect, it } from 'vitest';
import { readingMinutes } from './reading-time';

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');

describe("readingMinutes (the card's estimated reading time)", () => {
  it('counts words across every text, whatever the spacing', () => {
    expect(readingMinutes([`  ${words(200)}\n`, `\t${words(31)}  `])).toBe(2);
  });

  it('is at least 1 minute, even for a story without words', () => {
    expect(readingMinutes([])).toBe(1);
    expect(readingMinutes(['', ' '])).toBe(1);
    expect(readingMinutes([words(10)])).toBe(1);
  });

  it('reads 230 words a minute over all texts, rounding a started minute up', () => {
    expect(readingMinutes([words(230)])).toBe(1);
    expect(readingMinutes([words(200), words(31)])).toBe(2);
    expect(readingMinutes([words(460)])).toBe(2);
    expect(readingMinutes([words(461)])).toBe(3);
  });
});
