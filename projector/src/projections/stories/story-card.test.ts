import { describe, expect, it } from 'vitest';
import { storyCard } from './story-card';

describe('storyCard (the fields the story answers send, prepared at projection)', () => {
  it('keeps the slide refs and texts in order and the first words of the first text as the teaser', () => {
    const image = (ref: string) => ({ ref, width: 600, height: 800 });
    const card = storyCard([
      { image: image('a'), text: 'one two three four five six seven eight nine ten eleven twelve' },
      { image: image('b'), text: 'Second.' },
    ]);
    expect(card.images).toEqual(['a', 'b']);
    expect(card.texts).toEqual(['one two three four five six seven eight nine ten eleven twelve', 'Second.']);
    expect(card.teaser.startsWith('one two three four five six seven eight nine ten')).toBe(true);
    expect(card.teaser).not.toContain('eleven');
    expect(card.readingMinutes).toBe(1);
  });

  it('estimates the reading time from the words of every slide, not only the first', () => {
    const image = (ref: string) => ({ ref, width: 600, height: 800 });
    const words = (n: number) => Array.from({ length: n }, () => 'word').join(' ');
    const card = storyCard([
      { image: image('a'), text: words(10) },
      { image: image('b'), text: words(300) },
      { image: image('c'), text: words(200) },
    ]);
    expect(card.readingMinutes).toBe(3);
  });

  it("carries the creators' image descriptions per slide ('' where none), and none at all when they wrote none", () => {
    const image = (ref: string) => ({ ref, width: 600, height: 800 });
    const described = storyCard([
      { image: image('a'), text: 'One.', alt: 'A pier at night' },
      { image: image('b'), text: 'Two.' },
    ]);
    expect(described.alts).toEqual(['A pier at night', '']);
    const plain = storyCard([
      { image: image('a'), text: 'One.' },
      { image: image('b'), text: 'Two.' },
    ]);
    expect('alts' in plain).toBe(false);
  });
});
