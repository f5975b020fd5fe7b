import type { PaymentProvider } from '@nocturne/events';
import {
  amountOf,
  centsOf,
  type NoticeReading,
  type PaymentOrder,
  type PaymentProcessor,
  type ProcessorNotice,
  SAFE_ID,
} from '../payment-processor';
import { flexpaySignature, flexpaySignedParams, hasValidFlexpaySignature } from './flexpay-signature';

export interface FlexPaySettings {
  /** The website's id in Verotel's Control Center ("shop ID"). */
  shopId: string;
  /** The website's FlexPay signature key. */
  signatureKey: string;
  /** The order page: `https://secure.verotel.com/startorder` (or a brand's, or the local processor's). */
  orderUrl: string;
  descriptor: string;
  /** `local` when the embedded processor speaks FlexPay in Verotel's place. */
  provider?: Exclude<PaymentProvider, 'ccbill'>;
}

/** The FlexPay protocol version the links are built for. */
export const FLEXPAY_VERSION = '4';

/**
 * Verotel FlexPay: a signed `startorder` link for a one-off purchase, and its postbacks (sent as
 * GET parameters, signed like the link, answered "OK" once stored). A purchase's postback
 * carries `type=purchase`; a refund is `event=credit`, a chargeback `event=chargeback`, on the
 * same sale (`saleID`, and our `referenceID`); any other event (a subscription's) is not a sale
 * of this product.
 */
export function verotelFlexPay(settings: FlexPaySettings): PaymentProcessor {
  const { shopId, signatureKey } = settings;
  return {
    provider: settings.provider ?? 'verotel',
    descriptor: settings.descriptor,
    acknowledgement: 'OK',
    paymentUrl(order: PaymentOrder) {
      const params: Record<string, string> = {
        version: FLEXPAY_VERSION,
        shopID: shopId,
        type: 'purchase',
        priceAmount: amountOf(order.amountCents),
        priceCurrency: order.currency,
        description: order.description,
        referenceID: order.reference,
        successURL: order.successUrl,
        declineURL: order.declineUrl,
      };
      const signature = flexpaySignature(signatureKey, shopId, flexpaySignedParams(params));
      const query = new URLSearchParams(Object.entries(params).sort(([a], [b]) => (a < b ? -1 : 1)));
      query.append('signature', signature);
      return `${settings.orderUrl}?${query.toString()}`;
    },
    readNotice(params, receivedAt): NoticeReading {
      if (!hasValidFlexpaySignature(signatureKey, shopId, params))
        return { outcome: 'refused', reason: 'signature' };
      if (params.shopID !== undefined && params.shopID !== shopId)
        return { outcome: 'refused', reason: 'signature' };
      const kind = kindOf(params);
      if (kind === null) return { outcome: 'ignored' };
      const amountCents = centsOf(params.priceAmount ?? params.amount);
      const currency = params.priceCurrency ?? params.currency;
      const { transactionID: transactionId, saleID: saleId } = params;
      if (
        amountCents === null ||
        !currency ||
        !/^[A-Z]{3}$/.test(currency) ||
        !transactionId ||
        !SAFE_ID.test(transactionId) ||
        !saleId ||
        !SAFE_ID.test(saleId)
      ) {
        return { outcome: 'refused', reason: 'malformed' };
      }
      const reference = params.referenceID && SAFE_ID.test(params.referenceID) ? params.referenceID : null;
      const notice: ProcessorNotice = {
        kind,
        transactionId,
        saleId,
        reference,
        amountCents,
        currency,
        occurredAt: receivedAt.toISOString(),
      };
      return { outcome: 'notice', notice };
    },
  };
}

function kindOf(params: Readonly<Record<string, string>>): ProcessorNotice['kind'] | null {
  const event = params.event;
  if (event === 'credit') return 'refund';
  if (event === 'chargeback') return 'chargeback';
  if ((event === undefined || event === 'initial') && params.type === 'purchase') return 'sale';
  return null;
}
