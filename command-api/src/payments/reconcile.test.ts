import { describe, expect, it } from 'vitest';
import { differencesOf, type LedgerLine } from './reconcile';

const line = (transactionId: string, amountCents = 1500, kind: LedgerLine['kind'] = 'sale'): LedgerLine => ({
  transactionId,
  kind,
  amountCents,
  currency: 'USD',
});

describe('reconciling a day', () => {
  it('finds nothing when both sides hold the same transactions', () => {
    expect(
      differencesOf([line('1'), line('2', 1500, 'refund')], [line('2', 1500, 'refund'), line('1')]),
    ).toEqual([]);
  });

  it('names what was paid there but not here, here but not there, and amounts that differ, with both sides', () => {
    expect(
      differencesOf([line('1'), line('2'), line('4', 1500)], [line('2'), line('3'), line('4', 1000)]),
    ).toEqual([
      {
        transactionId: '1',
        kind: 'sale',
        issue: 'missing_here',
        here: null,
        there: { amountCents: 1500, currency: 'USD' },
      },
      {
        transactionId: '3',
        kind: 'sale',
        issue: 'missing_there',
        here: { amountCents: 1500, currency: 'USD' },
        there: null,
      },
      {
        transactionId: '4',
        kind: 'sale',
        issue: 'amount_differs',
        here: { amountCents: 1000, currency: 'USD' },
        there: { amountCents: 1500, currency: 'USD' },
      },
    ]);
  });

  it('excuses a notice received here on a day the processor reports on the next or the day before', () => {
    expect(differencesOf([], [line('9')], new Set(['9']))).toEqual([]);
  });
});
