import { altTextMessages, countWords, MAX_ALT_CHARS, slideMessages } from '@nocturne/domain';
import { describe, expect, it } from 'vitest';
import { contentBody, draftProblem, localDateTime } from './story-form-rules';

const file = new File([new Uint8Array([1])], 'a.png', { type: 'image/png' });
const words = (n: number) => Array.from({ length: n }, () => 'word').join(' ');

describe('story form rules', () => {
  it('counts words as the n/500 counter shows them', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('  two   words ')).toBe(2);
  });

  it('needs at least 2 complete slides, each with an image and text', () => {
    expect(draftProblem([{ file, text: 'one', alt: '' }])).toBe(slideMessages.tooFewSlides);
    expect(
      draftProblem([
        { file, text: 'one', alt: '' },
        { file: null, text: 'two', alt: '' },
      ]),
    ).toBe(slideMessages.tooFewSlides);
    expect(
      draftProblem([
        { file, text: 'one', alt: '' },
        { file, text: '  ', alt: '' },
      ]),
    ).toBe(slideMessages.tooFewSlides);
    expect(
      draftProblem([
        { file, text: 'one', alt: '' },
        { file, text: 'two', alt: '' },
      ]),
    ).toBeNull();
  });

  it('refuses a text over 500 words', () => {
    expect(
      draftProblem([
        { file, text: words(500), alt: '' },
        { file, text: words(501), alt: '' },
      ]),
    ).toBe(slideMessages.badWordCount);
  });

  it("counts a saved slide's kept image as its image", () => {
    const kept = { slide: 0, src: '/api/images/a.webp' };
    expect(
      draftProblem([
        { file: null, text: 'one', alt: '', kept },
        { file, text: 'two', alt: '' },
      ]),
    ).toBeNull();
  });
});

describe('alt texts', () => {
  it('refuses an image description over 250 characters, and takes one at the limit', () => {
    const at = 'x'.repeat(MAX_ALT_CHARS);
    expect(
      draftProblem([
        { file, text: 'one', alt: at },
        { file, text: 'two', alt: `${at}y` },
      ]),
    ).toBe(altTextMessages.tooLong);
    expect(
      draftProblem([
        { file, text: 'one', alt: at },
        { file, text: 'two', alt: '' },
      ]),
    ).toBeNull();
  });

  it('are sent one per slide, trimmed, empty where the creator wrote none', () => {
    const body = contentBody([
      { file, text: 'one', alt: '  A lantern on a wet street  ' },
      { file, text: 'two', alt: '' },
    ]);
    expect(body.getAll('alts')).toEqual(['A lantern on a wet street', '']);
  });
});

describe('the content body', () => {
  it('sends no keep for a new story: one image and one text per slide', () => {
    const body = contentBody([
      { file, text: ' one ', alt: '' },
      { file, text: 'two', alt: '' },
    ]);
    expect(body.getAll('texts')).toEqual(['one', 'two']);
    expect(body.getAll('images')).toHaveLength(2);
    expect(body.has('keep')).toBe(false);
  });

  it('keeps saved images by slide number, a new file replacing the kept one', () => {
    const body = contentBody([
      { file: null, text: 'b', alt: '', kept: { slide: 1, src: 'x' } },
      { file, text: 'new', alt: '', kept: { slide: 0, src: 'y' } },
      { file, text: 'added', alt: '' },
    ]);
    expect(body.getAll('keep')).toEqual(['1', '', '']);
    expect(body.getAll('images')).toHaveLength(2);
    expect(body.getAll('texts')).toEqual(['b', 'new', 'added']);
  });
});

describe('the schedule field', () => {
  it('shows a scheduled time in local time, read back as the same instant', () => {
    const iso = '2026-12-01T20:30:00.000Z';
    expect(localDateTime(iso)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(new Date(localDateTime(iso)).toISOString()).toBe(iso);
  });
});
