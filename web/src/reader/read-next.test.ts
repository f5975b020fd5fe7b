import { describe, expect, it } from 'vitest';
import { aStory } from '../testing/story-fixture';
import { type NextReader, READ_NEXT_COUNT, readNext } from './read-next';

const visitor: NextReader = { loggedIn: false, premiumMember: false, premiumRemaining: 0 };
const premium: NextReader = { loggedIn: true, premiumMember: true, premiumRemaining: 5 };
const vesper = { name: 'Vesper Lane', handle: 'vesper-lane' };
const marlow = { name: 'Marlow', handle: 'marlow' };

const current = aStory({ id: 'now', creator: vesper, tags: ['rain', 'city'] });
const ids = (stories: { id: string }[]) => stories.map((story) => story.id);

describe('what to read next', () => {
  it('given the same creator and shared tags, offers the creator first, then the most shared tags', () => {
    const candidates = [
      aStory({ id: 'one-tag', creator: marlow, tags: ['rain'] }),
      aStory({ id: 'two-tags', creator: marlow, tags: ['city', 'rain'] }),
      aStory({ id: 'same-creator', creator: vesper, tags: [] }),
    ];
    expect(ids(readNext(current, candidates, visitor))).toEqual(['same-creator', 'two-tags', 'one-tag']);
  });

  it('never offers the story itself, one twice, or one with nothing in common', () => {
    const candidates = [
      current,
      aStory({ id: 'a', creator: vesper }),
      aStory({ id: 'a', creator: vesper }),
      aStory({ id: 'stranger', creator: marlow, tags: ['sea'] }),
    ];
    expect(ids(readNext(current, candidates, visitor))).toEqual(['a']);
  });

  it(`offers at most ${READ_NEXT_COUNT}`, () => {
    const candidates = ['a', 'b', 'c', 'd', 'e'].map((id) => aStory({ id, creator: vesper }));
    expect(ids(readNext(current, candidates, visitor))).toEqual(['a', 'b', 'c']);
  });

  it('offers a premium story only to a premium member who can still open one', () => {
    const candidates = [
      aStory({ id: 'gold', creator: vesper, isPremium: true }),
      aStory({ id: 'free', creator: vesper }),
    ];
    expect(ids(readNext(current, candidates, visitor))).toEqual(['free']);
    expect(ids(readNext(current, candidates, { ...visitor, loggedIn: true }))).toEqual(['free']);
    expect(ids(readNext(current, candidates, { ...premium, premiumRemaining: 0 }))).toEqual(['free']);
    expect(ids(readNext(current, candidates, premium))).toEqual(['gold', 'free']);
  });

  it("does not take the product's own stories for one creator's", () => {
    const house = aStory({ id: 'now', creator: { name: 'Nocturne', handle: null } });
    const other = aStory({ id: 'other', creator: { name: 'Nocturne', handle: null } });
    expect(readNext(house, [other], visitor)).toEqual([]);
  });
});
