import { describe, expect, it } from 'vitest';
import { appendLabels, offeredTags, toggleTag, toggleWarning } from './labels-picker';

describe('the labels picker', () => {
  it('switches a tag on and off, and never adds a 9th', () => {
    const eight = { tags: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'], warnings: [] };
    expect(toggleTag({ tags: [], warnings: [] }, 'a').tags).toEqual(['a']);
    expect(toggleTag(eight, 'i')).toBe(eight);
    expect(toggleTag(eight, 'c').tags).toEqual(['a', 'b', 'd', 'e', 'f', 'g', 'h']);
  });

  it('switches a warning on and off', () => {
    const on = toggleWarning({ tags: [], warnings: [] }, 'gore');
    expect(on.warnings).toEqual(['gore']);
    expect(toggleWarning(on, 'gore').warnings).toEqual([]);
  });

  it("offers the curated tags and the story's own tags that left the list", () => {
    expect(offeredTags(['gothic', 'romance'], ['romance', 'pirates'])).toEqual([
      'gothic',
      'romance',
      'pirates',
    ]);
  });

  it('sends each tag and warning as a repeated multipart field', () => {
    const form = new FormData();
    appendLabels(form, { tags: ['gothic', 'romance'], warnings: ['violence'] });
    expect(form.getAll('tags')).toEqual(['gothic', 'romance']);
    expect(form.getAll('warnings')).toEqual(['violence']);
  });
});
