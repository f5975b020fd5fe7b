import type { Story } from '@nocturne/domain';

/**
 * A story as the API answers it, for the SPA's tests: a free two-slide story with no counts,
 * labels or premium, with whatever the test sets. One place to grow when the answer grows.
 */
export function aStory(fields: Partial<Story> = {}): Story {
  return {
    id: 's1',
    images: ['a.webp', 'b.webp'],
    texts: ['One.', 'Two.'],
    isPremium: false,
    views: 0,
    likes: 0,
    tags: [],
    warnings: [],
    rating: 'mature',
    readingMinutes: 1,
    creator: { name: 'Nocturne', handle: null },
    ...fields,
  };
}
