import { countWords, slideMessages } from '@nocturne/domain';
import { describe, expect, it } from 'vitest';
import { contentBody, draftProblem } from './story-form-rules';

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

  it("counts a saved slide's kept image as its image", () => {
    const kept = { slide: 0, src: '/api/images/a.webp' };
    expect(
      draftProblem([
        { file: null, text: 'one', kept },
        { file, text: 'two' },
      ]),
    ).toBeNull();
  });
});

describe('the content body', () => {
  it('sends no keep for a new story: one image and one text per slide', () => {
    const body = contentBody([
      { file, text: ' one ' },
      { file, text: 'two' },
    ]);
    expect(body.getAll('texts')).toEqual(['one', 'two']);
    expect(body.getAll('images')).toHaveLength(2);
    expect(body.has('keep')).toBe(false);
  });

  it('keeps saved images by slide number, a new file replacing the kept one', () => {
    const body = contentBody([
      { file: null, text: 'b', kept: { slide: 1, src: 'x' } },
      { file, text: 'new', kept: { slide: 0, src: 'y' } },
      { file, text: 'added' },
    ]);
    expect(body.getAll('keep')).toEqual(['1', '', '']);
    expect(body.getAll('images')).toHaveLength(2);
    expect(body.getAll('texts')).toEqual(['b', 'new', 'added']);
  });
});
