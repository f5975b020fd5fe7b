import { labelMessages } from '@nocturne/domain';
import { describe, expect, it } from 'vitest';
import { tagFilterFrom, withoutHiddenWarnings } from './label-filter';

describe('?tag= of the story list', () => {
  it('is null without it, and the normalised tag with it', () => {
    expect(tagFilterFrom({})).toBeNull();
    expect(tagFilterFrom(undefined)).toBeNull();
    expect(tagFilterFrom({ tag: '  Slow   Burn ' })).toBe('slow burn');
  });

  it('refuses (400) a tag that cannot exist, or two of them', () => {
    expect(() => tagFilterFrom({ tag: 'bad_tag' })).toThrow(labelMessages.badTag);
    expect(() => tagFilterFrom({ tag: '' })).toThrow(labelMessages.badTag);
    expect(() => tagFilterFrom({ tag: ['a', 'b'] })).toThrow('tag must be given once');
  });
});

describe("a reader's hidden warnings", () => {
  const story = (id: string, warnings: string[]) => ({ id, row: { card: { warnings } } });
  const stories = [story('calm', []), story('gory', ['gore']), story('both', ['violence', 'abuse'])];

  it('leave out every story with one of them, and keep the very list when none are hidden', () => {
    expect(withoutHiddenWarnings(stories, new Set()) === stories).toBe(true);
    expect(withoutHiddenWarnings(stories, new Set(['gore', 'abuse'])).map((s) => s.id)).toEqual(['calm']);
  });
});
