import { describe, expect, it } from 'vitest';
import type { TimelineRow } from '../audit-api';
import { rowDetails, storyName } from './timeline-rows';

const id = '52646702-a753-4493-9cc7-243e54e606e1';
const row = (event: string): TimelineRow => ({
  at: '2026-01-01T00:00:00.000Z',
  position: 7,
  event,
  amount: null,
  discount: null,
  transaction_id: null,
  payment_method: null,
  stories: null,
  story_id: id,
  assurance_method: null,
  assurance_provider: null,
  assured_until: null,
  by: 'the user',
  staff_id: null,
});

describe('a story in the timeline', () => {
  it('is named by its opening words with the start of its id beside, and by its id once gone', () => {
    const texts = {
      [id]: 'They had driven north for three days to see the lights, and on the last night the sky opened.',
    };
    expect(storyName(id, texts)).toBe('“They had driven north for three days to see the…” (52646702)');
    expect(rowDetails(row('PremiumStoryUnlocked'), false, texts)).toBe(storyName(id, texts));
    expect(rowDetails(row('PremiumUnlockReturned'), false, texts)).toBe(`${storyName(id, texts)}, withdrawn`);
    expect(rowDetails(row('PremiumStoryUnlocked'), false, {})).toBe(`story ${id}`);
    expect(storyName('constructor', {})).toBe('story constructor');
  });
});
