import { describe, expect, it } from 'vitest';
import { ccbillApprovalDigest, ccbillFormDigest, isCcbillApprovalDigest } from './ccbill-digest';
import { ccbillFlexForms } from './ccbill-flexforms';
import { CCBILL_WEBHOOK_RANGES, senderCheck } from './ccbill-senders';

const settings = {
  clientAccnum: '900100',
  clientSubacc: '0000',
  flexId: '687fa3e0-e60d-4466-88e2-181fa56dd6a9',
  salt: '7d901dad245fd0ff6bc20d06',
  flexFormsUrl: 'https://api.ccbill.com/wap-frontflex/flexforms',
  descriptor: 'NOCTURNE TEST',
};
const ccbill = ccbillFlexForms(settings);
const at = new Date('2026-03-01T10:00:00.000Z');

const sale = (fields: Record<string, string> = {}) => ({
  eventType: 'NewSaleSuccess',
  eventGroupType: 'Subscription',
  subscriptionId: '1000000000',
  transactionId: '0912191101000000159',
  clientAccnum: '900100',
  clientSubacc: '0000',
  billedInitialPrice: '15.00',
  billedCurrencyCode: '840',
  dynamicPricingValidationDigest: ccbillApprovalDigest('1000000000', settings.salt),
  'X-purchaseReference': 'purchase-1',
  ...fields,
});

describe("CCBill's digests", () => {
  // The documented example: "10.00" + "30" + "840" + salt, hashed with MD5 (computed with Python's hashlib).
  it("makes the form digest of CCBill's documented example", () => {
    expect(
      ccbillFormDigest({ initialPrice: '10.00', initialPeriod: '30', currencyCode: '840' }, settings.salt),
    ).toBe('a7459445d0e5dc0963fe736dc5cf900b');
  });
  it('makes the approval digest of the subscription id, "1" and the salt', () => {
    expect(ccbillApprovalDigest('1000000000', settings.salt)).toBe('d7e65b1246011c33d491c771fec5cb56');
    expect(isCcbillApprovalDigest('D7E65B1246011C33D491C771FEC5CB56', '1000000000', settings.salt)).toBe(
      true,
    );
    expect(isCcbillApprovalDigest('d7e65b1246011c33d491c771fec5cb56', '1000000001', settings.salt)).toBe(
      false,
    );
    expect(isCcbillApprovalDigest('not-a-digest', '1000000000', settings.salt)).toBe(false);
  });
  it('links to the FlexForm with the price, its digest and our reference', () => {
    const url = new URL(
      ccbill.paymentUrl({
        reference: 'purchase-1',
        amountCents: 1500,
        currency: 'USD',
        description: 'Premium',
        successUrl: 'https://x.test/ok',
        declineUrl: 'https://x.test/no',
      }),
    );
    expect(url.origin + url.pathname).toBe(`${settings.flexFormsUrl}/${settings.flexId}`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      clientSubacc: '0000',
      initialPrice: '15.00',
      initialPeriod: '30',
      currencyCode: '840',
      formDigest: ccbillFormDigest(
        { initialPrice: '15.00', initialPeriod: '30', currencyCode: '840' },
        settings.salt,
      ),
      purchaseReference: 'purchase-1',
    });
  });
});

describe("reading CCBill's webhooks", () => {
  it('reads a sale, keyed by its subscription id, with our passthrough reference', () => {
    expect(ccbill.readNotice(sale(), at)).toEqual({
      outcome: 'notice',
      notice: {
        kind: 'sale',
        transactionId: '1000000000',
        saleId: '1000000000',
        reference: 'purchase-1',
        amountCents: 1500,
        currency: 'USD',
        occurredAt: at.toISOString(),
      },
    });
  });
  it('reads a refund, a void and a chargeback as reversals of the sale, each its own transaction', () => {
    const reversal = (eventType: string) =>
      ccbill.readNotice(
        {
          eventType,
          subscriptionId: '1000000000',
          transactionId: '0912191101000000160',
          clientAccnum: '900100',
          amount: '15.00',
          currency: 'USD',
          currencyCode: '840',
        },
        at,
      );
    expect(reversal('Refund')).toMatchObject({
      notice: { kind: 'refund', transactionId: '1000000000-refund', saleId: '1000000000', reference: null },
    });
    expect(reversal('Void')).toMatchObject({ notice: { kind: 'refund', transactionId: '1000000000-void' } });
    expect(reversal('Chargeback')).toMatchObject({
      notice: { kind: 'chargeback', transactionId: '1000000000-chargeback' },
    });
  });
  it('acknowledges a declined sale, a renewal and another subaccount without taking them', () => {
    expect(
      ccbill.readNotice({ eventType: 'NewSaleFailure', transactionId: '1', clientAccnum: '900100' }, at),
    ).toEqual({ outcome: 'ignored' });
    expect(ccbill.readNotice({ eventType: 'RenewalSuccess', clientAccnum: '900100' }, at)).toEqual({
      outcome: 'ignored',
    });
    expect(ccbill.readNotice(sale({ clientSubacc: '0001' }), at)).toEqual({ outcome: 'ignored' });
  });
  it('refuses another merchant account, a tampered approval digest, or a sale without its fields', () => {
    expect(ccbill.readNotice(sale({ clientAccnum: '900101' }), at)).toEqual({
      outcome: 'refused',
      reason: 'signature',
    });
    expect(ccbill.readNotice(sale({ subscriptionId: '1000000001' }), at)).toEqual({
      outcome: 'refused',
      reason: 'signature',
    });
    expect(ccbill.readNotice(sale({ billedInitialPrice: 'free' }), at)).toEqual({
      outcome: 'refused',
      reason: 'malformed',
    });
    expect(ccbill.readNotice(sale({ eventType: '<script>' }), at)).toEqual({
      outcome: 'refused',
      reason: 'malformed',
    });
  });
});

describe("CCBill's senders", () => {
  const fromCcbill = senderCheck(CCBILL_WEBHOOK_RANGES);
  it('takes the published ranges, also as IPv4 written in IPv6', () => {
    expect(fromCcbill('64.38.212.1')).toBe(true);
    expect(fromCcbill('64.38.241.254')).toBe(true);
    expect(fromCcbill('::ffff:64.38.215.9')).toBe(true);
  });
  it('refuses any other address', () => {
    expect(fromCcbill('64.38.213.9')).toBe(false);
    expect(fromCcbill('127.0.0.1')).toBe(false);
    expect(fromCcbill('::1')).toBe(false);
    expect(fromCcbill('not an address')).toBe(false);
  });
  it('takes CIDR blocks and single addresses from a configured list', () => {
    const custom = senderCheck(['10.0.0.0/8', '192.0.2.7']);
    expect(custom('10.200.0.1')).toBe(true);
    expect(custom('192.0.2.7')).toBe(true);
    expect(custom('192.0.2.8')).toBe(false);
  });
});
