import { refuse } from '@nocturne/domain';
import { HttpError } from '@nocturne/http-kit';
import { describe, expect, it } from 'vitest';
import { eventsOrThrow, httpErrorOf } from './refusals';

describe('refusals as HTTP answers (the one mapping)', () => {
  it.each([
    ['invalid', 400],
    ['unauthenticated', 401],
    ['payment_required', 402],
    ['forbidden', 403],
    ['not_found', 404],
    ['conflict', 409],
  ] as const)('answers %s with %i and the refusal words as the detail', (kind, status) => {
    const error = httpErrorOf(refuse(kind, 'Story not found'));
    expect(error).toBeInstanceOf(HttpError);
    expect({ status: error.statusCode, detail: error.detail }).toEqual({ status, detail: 'Story not found' });
  });

  it('passes events through and throws a refusal as its HttpError', () => {
    expect(eventsOrThrow([])).toEqual([]);
    expect(() => eventsOrThrow(refuse('payment_required', 'pay'))).toThrow(
      expect.objectContaining({ statusCode: 402, detail: 'pay' }),
    );
  });
});
