import { describe, expect, it } from 'vitest';
import { assuranceDays } from './age-assurances';

describe('age assurances per day: every day of the window, counts per method', () => {
  it('fills the days without assurances with zeros, oldest first, up to today (UTC)', () => {
    const rows = [
      { day: '2026-03-09', method: 'wallet', viewer: 'member', assurances: 2 },
      { day: '2026-03-09', method: 'hosted', viewer: 'member', assurances: 1 },
      { day: '2026-03-10', method: 'hosted', viewer: 'member', assurances: 3 },
    ];
    expect(assuranceDays(rows, new Date('2026-03-10T23:30:00Z'), 3)).toEqual([
      { day: '2026-03-08', wallet: 0, hosted: 0, visitors: 0 },
      { day: '2026-03-09', wallet: 2, hosted: 1, visitors: 0 },
      { day: '2026-03-10', wallet: 0, hosted: 3, visitors: 0 },
    ]);
  });

  it('adds the providers of one method together, and leaves out days outside the window', () => {
    const rows = [
      { day: '2026-03-10', method: 'wallet', viewer: 'member', assurances: 1 },
      { day: '2026-03-10', method: 'wallet', viewer: 'member', assurances: 4 },
      { day: '2026-01-01', method: 'wallet', viewer: 'member', assurances: 9 },
    ];
    expect(assuranceDays(rows, new Date('2026-03-10T00:00:00Z'), 1)).toEqual([
      { day: '2026-03-10', wallet: 5, hosted: 0, visitors: 0 },
    ]);
  });

  it("counts members' and visitors' assurances in their method, and the visitors apart too", () => {
    const rows = [
      { day: '2026-03-10', method: 'wallet', viewer: 'member', assurances: 2 },
      { day: '2026-03-10', method: 'wallet', viewer: 'visitor', assurances: 5 },
      { day: '2026-03-10', method: 'hosted', viewer: 'visitor', assurances: 1 },
    ];
    expect(assuranceDays(rows, new Date('2026-03-10T12:00:00Z'), 1)).toEqual([
      { day: '2026-03-10', wallet: 7, hosted: 1, visitors: 6 },
    ]);
  });
});
