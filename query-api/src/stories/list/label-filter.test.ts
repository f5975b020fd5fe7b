import { labelMessages } from '@nocturne/domain';
import { describe, expect, it } from 'vitest';
import { tagFilterFrom } from './label-filter';

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
