import { describe, expect, it } from 'vitest';
import { revenueCsv } from './RevenueChart';

describe('the revenue CSV', () => {
  it('holds a header and one line per period and currency, in dollars', () => {
    expect(
      revenueCsv([
        { period: '2026-11', currency: 'USD', gross: 40, refunds: 15, chargebacks: 10, net: 15 },
        { period: '2026-12', currency: 'USD', gross: 15, refunds: 0, chargebacks: 0, net: 15 },
      ]),
    ).toBe(
      'period,currency,gross,refunds,chargebacks,net\r\n2026-11,USD,40,15,10,15\r\n2026-12,USD,15,0,0,15\r\n',
    );
  });
});
