import { describe, expect, it } from 'vitest';
import { altTextMessages, altTextsProblem, MAX_ALT_CHARS, slideAltText, writtenAlt } from './slide-alt-text';

describe("a slide image's alt text", () => {
  it("is the creator's own, trimmed, when they wrote one", () => {
    expect(slideAltText('The lantern went out. Then dark.', '  A hand over a lantern  ')).toBe(
      'A hand over a lantern',
    );
  });

  it("without one (or only spaces), is the first sentence of the slide's text", () => {
    expect(slideAltText('The lantern went out. Then the second one did.')).toBe('The lantern went out.');
    expect(slideAltText('Who knocked?\nNobody answered.', '   ')).toBe('Who knocked?');
    expect(slideAltText('  No full stop at all  ', null)).toBe('No full stop at all');
    expect(slideAltText('At 3.14 a.m. exactly. Then rain.')).toBe('At 3.14 a.m.');
  });

  it('cuts a first sentence that runs on at a word, near 150 characters', () => {
    const long = `${'word '.repeat(60).trim()}. After.`;
    const alt = slideAltText(long);
    expect(alt.length).toBeLessThanOrEqual(151);
    expect(alt.endsWith('word…')).toBe(true);
  });

  it('bounds what a creator writes at 250 characters (spaces around it do not count), and stores none for blank', () => {
    expect(altTextsProblem(['', 'x'.repeat(MAX_ALT_CHARS), ` ${'y'.repeat(MAX_ALT_CHARS)} `])).toBeNull();
    expect(altTextsProblem(['ok', 'x'.repeat(MAX_ALT_CHARS + 1)])).toBe(altTextMessages.tooLong);
    expect(writtenAlt('  A pier  ')).toEqual({ alt: 'A pier' });
    expect(writtenAlt('   ')).toEqual({});
    expect(writtenAlt(undefined)).toEqual({});
  });
});
