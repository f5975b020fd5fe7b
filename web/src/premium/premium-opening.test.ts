import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { openingStep } from './premium-opening';

const answer = (spends: boolean) => ({
  is_premium: true,
  unlocked: !spends,
  spends,
  stories_remaining: 12,
  warnings: [],
});

describe('openingStep (ask before a premium story is spent)', () => {
  it('opens at once for a visitor, and after the reader confirmed', () => {
    expect(openingStep(null, { data: undefined, error: null }, false)).toEqual({ kind: 'open' });
    expect(openingStep('t', { data: answer(true), error: null }, true)).toEqual({ kind: 'open' });
  });

  it('waits for the check, then asks with the remaining count only when opening would spend', () => {
    expect(openingStep('t', { data: undefined, error: null }, false)).toEqual({ kind: 'checking' });
    expect(openingStep('t', { data: answer(true), error: null }, false)).toEqual({
      kind: 'ask',
      remaining: 12,
      warnings: [],
    });
    expect(openingStep('t', { data: answer(false), error: null }, false)).toEqual({ kind: 'open' });
  });

  it('opens on a 401 or 404 (the story answers that itself, spending nothing); any other failure opens nothing', () => {
    expect(openingStep('t', { data: undefined, error: new ApiError(401, 'x', {}) }, false)).toEqual({
      kind: 'open',
    });
    expect(openingStep('t', { data: undefined, error: new ApiError(404, 'x', {}) }, false)).toEqual({
      kind: 'open',
    });
    expect(openingStep('t', { data: undefined, error: new ApiError(500, 'x', {}) }, false)).toEqual({
      kind: 'failed',
    });
    expect(openingStep('t', { data: undefined, error: new TypeError('offline') }, false)).toEqual({
      kind: 'failed',
    });
  });
});
