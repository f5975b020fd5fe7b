import { timingSafeEqual } from 'node:crypto';
import {
  amountOf,
  centsOf,
  type NoticeReading,
  type PaymentOrder,
  type PaymentProcessor,
  type ProcessorNotice,
  SAFE_ID,
} from '../payment-processor';
import { ccbillFormDigest, isCcbillApprovalDigest } from './ccbill-digest';

export interface CcbillSettings {
  /** The merchant's main account number (six digits). */
  clientAccnum: string;
  /** The subaccount the FlexForm sells through (four digits). */
  clientSubacc: string;
  /** The FlexForms payment flow's id (Admin Portal, FlexForms Payment Links). */
  flexId: string;
  /** The subaccount's encryption key ("salt"), which the form digest is made with. */
  salt: string;
  /** `https://api.ccbill.com/wap-frontflex/flexforms` (or the stand-in's). */
  flexFormsUrl: string;
  descriptor: string;
}

/** Days of access a one-off purchase is priced for (FlexForms takes 2 to 365 for a single billing). */
export const CCBILL_INITIAL_PERIOD = '30';

/** The passthrough field our purchase id travels in; CCBill gives it back in the webhooks. */
export const REFERENCE_FIELD = 'purchaseReference';

/** ISO 4217: the numeric code FlexForms and the webhooks use, by the letters this product uses. */
const NUMERIC_CURRENCY: Readonly<Record<string, string>> = {
  USD: '840',
  EUR: '978',
  GBP: '826',
  CAD: '124',
  AUD: '036',
  JPY: '392',
};
const LETTER_CURRENCY = Object.fromEntries(
  Object.entries(NUMERIC_CURRENCY).map(([letters, digits]) => [digits, letters]),
);

/** What each webhook event means for a purchase; the others (renewals, cancellations...) are not ours. */
const KIND_OF_EVENT: Readonly<Record<string, ProcessorNotice['kind'] | 'failure'>> = {
  NewSaleSuccess: 'sale',
  NewSaleFailure: 'failure',
  Refund: 'refund',
  // A void returns the money before it settles: for the reader, a refund.
  Void: 'refund',
  Chargeback: 'chargeback',
};

const SUBSCRIPTION_ID = /^\d{1,30}$/;

/**
 * The ledger's id of a CCBill transaction: the sale is its subscription id, a reversal the
 * subscription id and the event. CCBill's Data Link report names transactions by subscription id
 * and type only, so the webhooks and the report are keyed alike; and a reversal never takes the
 * id of its sale whichever transaction id CCBill gives it.
 */
export function ccbillLedgerId(
  subscriptionId: string,
  event: 'sale' | 'refund' | 'void' | 'chargeback',
): string {
  return event === 'sale' ? subscriptionId : `${subscriptionId}-${event}`;
}

/**
 * CCBill through FlexForms with a dynamic price: the payment link carries the price, the period,
 * the currency and their `formDigest`, and our purchase id as a passthrough field. Its webhooks
 * (NewSaleSuccess, NewSaleFailure, Refund, Void, Chargeback) are checked by their sender's address
 * before they get here (the webhook route), and here by the merchant account they name and, on a
 * sale, the approval digest when CCBill sends one.
 */
export function ccbillFlexForms(settings: CcbillSettings): PaymentProcessor {
  return {
    provider: 'ccbill',
    descriptor: settings.descriptor,
    acknowledgement: 'OK',
    paymentUrl(order: PaymentOrder) {
      const currencyCode = NUMERIC_CURRENCY[order.currency];
      if (!currencyCode) throw new Error(`CCBill is not set up here for ${order.currency}`);
      const price = {
        initialPrice: amountOf(order.amountCents),
        initialPeriod: CCBILL_INITIAL_PERIOD,
        currencyCode,
      };
      const query = new URLSearchParams({
        clientSubacc: settings.clientSubacc,
        ...price,
        formDigest: ccbillFormDigest(price, settings.salt),
        [REFERENCE_FIELD]: order.reference,
      });
      return `${settings.flexFormsUrl.replace(/\/+$/, '')}/${encodeURIComponent(settings.flexId)}?${query.toString()}`;
    },
    readNotice(params, receivedAt): NoticeReading {
      if (params.clientAccnum !== undefined && !same(params.clientAccnum, settings.clientAccnum))
        return { outcome: 'refused', reason: 'signature' };
      const event = params.eventType ?? '';
      const kind = KIND_OF_EVENT[event];
      if (kind === undefined) return /^[A-Za-z]{1,40}$/.test(event) ? { outcome: 'ignored' } : malformed;
      // Another subaccount's sales are not this product's: acknowledged, not taken.
      if (params.clientSubacc !== undefined && params.clientSubacc !== settings.clientSubacc)
        return { outcome: 'ignored' };
      // A declined sale changes nothing: acknowledged so that CCBill stops sending it.
      if (kind === 'failure') return { outcome: 'ignored' };
      const subscriptionId = params.subscriptionId ?? '';
      if (!SUBSCRIPTION_ID.test(subscriptionId)) return malformed;
      if (kind === 'sale') {
        const digest = params.dynamicPricingValidationDigest;
        if (digest !== undefined && !isCcbillApprovalDigest(digest, subscriptionId, settings.salt))
          return { outcome: 'refused', reason: 'signature' };
      }
      const amountCents = centsOf(kind === 'sale' ? params.billedInitialPrice : params.amount);
      const currency =
        kind === 'sale'
          ? (params.billedCurrency ?? LETTER_CURRENCY[params.billedCurrencyCode ?? ''])
          : (params.currency ?? LETTER_CURRENCY[params.currencyCode ?? '']);
      if (amountCents === null || !currency || !/^[A-Z]{3}$/.test(currency)) return malformed;
      const reference = params[`X-${REFERENCE_FIELD}`] ?? params[REFERENCE_FIELD];
      const notice: ProcessorNotice = {
        kind,
        transactionId: ccbillLedgerId(subscriptionId, event === 'Void' ? 'void' : kind),
        saleId: subscriptionId,
        reference: reference && SAFE_ID.test(reference) ? reference : null,
        amountCents,
        currency,
        occurredAt: receivedAt.toISOString(),
      };
      return { outcome: 'notice', notice };
    },
  };
}

const malformed: NoticeReading = { outcome: 'refused', reason: 'malformed' };

function same(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
