import { describe, expect, it } from 'vitest';
import { monthOf, monthsBetween } from './months';

describe('calendar months in UTC', () => {
  it('names the UTC month of a moment', () => {
    expect(monthOf(new Date('2025-01-01T00:30:00+02:00'))).toBe('2024-12');
    expect(monthOf(new Date('2025-12-31T23:59:59Z'))).toBe('2025-12');
  });

  it('lists every month between two, across years', () => {
    expect(monthsBetween('2024-11', '2025-02')).toEqual(['2024-11', '2024-12', '2025-01', '2025-02']);
    expect(monthsBetween('2025-02', '2025-02')).toEqual(['2025-02']);
    expect(monthsBetween('2025-03', '2025-02')).toEqual([]);
  });
});
