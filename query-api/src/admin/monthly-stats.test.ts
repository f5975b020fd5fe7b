import { describe, expect, it } from 'vitest';
import { fillMonths } from './monthly-stats';

const row = (month: string, registrations: number, verified = 0, premium = 0) => ({
  month,
  registrations,
  verified,
  premium,
});

describe('monthly stats: every month from the first to the current one', () => {
  it('fills the months without events with zeros, up to the current month (UTC)', () => {
    const rows = [row('2024-11', 3, 2, 1), row('2025-02', 1, 1, 0)];
    expect(fillMonths(rows, new Date('2025-04-10T12:00:00Z'))).toEqual([
      row('2024-11', 3, 2, 1),
      row('2024-12', 0),
      row('2025-01', 0),
      row('2025-02', 1, 1, 0),
      row('2025-03', 0),
      row('2025-04', 0),
    ]);
  });

  it('takes the calendar month in UTC, not local time', () => {
    expect(
      fillMonths([row('2025-01', 1)], new Date('2025-01-31T23:30:00-05:00')).map((r) => r.month),
    ).toEqual(['2025-01', '2025-02']);
  });

  it('sorts unordered rows and keeps a single current month as is', () => {
    expect(fillMonths([row('2025-03', 2), row('2025-02', 1)], new Date('2025-03-01T00:00:00Z'))).toEqual([
      row('2025-02', 1),
      row('2025-03', 2),
    ]);
  });

  it('is empty when nothing has happened yet', () => {
    expect(fillMonths([], new Date('2025-03-01T00:00:00Z'))).toEqual([]);
  });
});
