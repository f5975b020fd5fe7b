import { describe, expect, it } from 'vitest';
import { storyTitle } from './story-title';

describe('storyTitle', () => {
  it('keeps a short text whole, its spaces tidied', () => {
    expect(storyTitle('  The  night   train ')).toBe('The night train');
  });

  it('cuts a long text at a word, never mid-word (queue titles were cut mid-word)', () => {
    const title = storyTitle(
      'She waited under the station clock, counting the trains that never came back',
      40,
    );
    expect(title).toBe('She waited under the station clock…');
  });

  it('cuts one endless word where it must, and names a story without text', () => {
    expect(storyTitle('a'.repeat(100), 10)).toBe(`${'a'.repeat(10)}…`);
    expect(storyTitle(undefined)).toBe('Untitled story');
    expect(storyTitle('   ')).toBe('Untitled story');
  });
});
