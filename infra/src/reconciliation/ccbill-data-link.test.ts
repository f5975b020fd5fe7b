import { describe, expect, it } from 'vitest';
import { ccbillDataLinkReport, ccbillTime, csvFields, dataLinkRows } from './ccbill-data-link';

describe("CCBill's Data Link report", () => {
  it('reads CSV fields, quoted or bare', () => {
    expect(csvFields('"NEW","900100","0000","1000","x, ""y"""')).toEqual([
      'NEW',
      '900100',
      '0000',
      '1000',
      'x, "y"',
    ]);
    expect(csvFields('REFUND, "900100",0000')).toEqual(['REFUND', '900100', '0000']);
  });
  it("writes and reads times on CCBill's clock (UTC-7 all year)", () => {
    expect(ccbillTime(Date.parse('2026-03-01T05:00:00Z'))).toBe('20260228220000');
  });
  it('reads both layouts of a sale, and reversals keyed like the webhooks', () => {
    const older = [
      'NEW',
      '900100',
      '0000',
      '111',
      '20260228220000',
      'A',
      'B',
      'u',
      'p',
      'addr',
      'c',
      's',
      'z',
      'US',
      'e',
      'ref',
      '1',
      '15.00',
      '30',
      '0',
      '0',
      '0',
    ];
    const newer = [
      'NEW',
      '900100',
      '0000',
      '222',
      '20260301100000',
      'A',
      'B',
      'e',
      '',
      'ACTIVE',
      '9.95',
      '30',
      '0',
      '0',
      'N',
    ];
    const body = [
      older,
      newer,
      ['CHARGEBACK', '900100', '0000', '111', '20260301100000', '15.00'],
      ['VOID', '900100', '0000', '222', '20260301100000', '9.95'],
    ]
      .map((row) => row.map((f) => `"${f}"`).join(','))
      .join('\n');
    expect(dataLinkRows(body)).toEqual([
      { day: '2026-03-01', line: { transactionId: '111', kind: 'sale', amountCents: 1500, currency: 'USD' } },
      { day: '2026-03-01', line: { transactionId: '222', kind: 'sale', amountCents: 995, currency: 'USD' } },
      {
        day: '2026-03-01',
        line: { transactionId: '111-chargeback', kind: 'chargeback', amountCents: 1500, currency: 'USD' },
      },
      {
        day: '2026-03-01',
        line: { transactionId: '222-void', kind: 'refund', amountCents: 995, currency: 'USD' },
      },
    ]);
    expect(dataLinkRows('1')).toEqual([]);
  });
  it('asks once for the day and its neighbours, and never puts the password in an error', async () => {
    const asked: string[] = [];
    const report = ccbillDataLinkReport(
      {
        url: 'https://datalink.test/data/main.cgi',
        username: 'u',
        password: 'secret-pass',
        clientAccnum: '900100',
      },
      async (url) => {
        asked.push(url);
        return new Response('1');
      },
    );
    expect(await report('2026-03-01')).toEqual([]);
    expect(await report('2026-02-28')).toEqual([]);
    expect(await report('2026-03-02')).toEqual([]);
    expect(asked).toHaveLength(1);
    const query = new URL(asked[0]!).searchParams;
    expect(query.get('startTime')).toBe('20260227170000');
    expect(query.get('endTime')).toBe('20260302165959');
    const failing = ccbillDataLinkReport(
      {
        url: 'https://datalink.test/data/main.cgi',
        username: 'u',
        password: 'secret-pass',
        clientAccnum: '900100',
      },
      async () => new Response('Error: Failed Login\n'),
    );
    const error = await failing('2026-03-01').catch((e: Error) => e);
    expect(String(error)).toContain('Failed Login');
    expect(String(error)).not.toContain('secret-pass');
  });
});
