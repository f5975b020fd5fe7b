import { describe, expect, it } from 'vitest';
import { purchasePollMs } from './purchase-queries';

describe('asking again for a purchase the processor has not confirmed', () => {
  it('asks four times a second for the first five seconds, then once a second', () => {
    const waits = Array.from({ length: 25 }, (_, asked) => purchasePollMs(asked));
    expect(waits.slice(0, 20).reduce((sum, wait) => sum + wait, 0)).toBe(5000);
    expect(new Set(waits.slice(0, 20))).toEqual(new Set([250]));
    expect(new Set(waits.slice(20))).toEqual(new Set([1000]));
  });
});
