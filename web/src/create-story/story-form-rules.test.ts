import { countWords, slideMessages } from '@nocturne/domain';
import { describe, expect, it } from 'vitest';
import { draftProblem } from './story-form-rules';

const file = new File([new Uint8Array([1])], 'a.png', { type: 'image/png' });
const words = (n: number) => Array.from({ length: n }, () => 'word').join(' ');

describe('story form rules', () => {
  it('counts words as the n/500 counter shows them', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('  two   words ')).toBe(2);
  });

  it('needs at least 2 complete slides, each with an image and text', () => {
    expect(draftProblem([{ file, text: 'one' }])).toBe(slideMessages.tooFewSlides);
    expect(
      draftProblem([
        { file, text: 'one' },
        { file: null, text: 'two' },
      ]),
    ).toBe(slideMessages.tooFewSlides);
    expect(
      draftProblem([
        { file, text: 'one' },
        { file, text: '  ' },
      ]),
    ).toBe(slideMessages.tooFewSlides);
    expect(
      draftProblem([
        { file, text: 'one' },
        { file, text: 'two' },
      ]),
    ).toBeNull();
  });

  it('refuses a text over 500 words', () => {
    expect(
      draftProblem([
        { file, text: words(500) },
        { file, text: words(501) },
      ]),
    ).toBe(slideMessages.badWordCount);
  });
});
