import type { PaymentProvider } from '@nocturne/events';
import { type CcbillSettings, ccbillFlexForms } from './ccbill/ccbill-flexforms';
import type { PaymentProcessor } from './payment-processor';
import { verotelFlexPay } from './verotel/verotel-flexpay';

/**
 * How readers pay (PAYMENT_PROVIDER): `manual`, the payment link and a staff member's grant; or
 * a processor whose notices grant premium by themselves (`verotel`, or `local`: the embedded
 * processor, which speaks FlexPay; or `ccbill`, whose webhooks come from its published addresses).
 */
export type PaymentSettings =
  | { provider: 'manual' }
  | {
      provider: Exclude<PaymentProvider, 'ccbill'>;
      /** The FlexPay website ("shop") id and its signature key. */
      shopId: string;
      signatureKey: string;
      /** The processor's order page. */
      orderUrl: string;
      /** What the reader's card statement shows. */
      descriptor: string;
    }
  | ({
      provider: 'ccbill';
      /** The addresses (ranges, CIDR blocks) CCBill's webhooks may come from. */
      webhookSenders: readonly string[];
    } & CcbillSettings);

/** The configured processor's adapter; null when payments are confirmed by hand. */
export function paymentProcessorOf(settings: PaymentSettings | undefined): PaymentProcessor | null {
  if (!settings || settings.provider === 'manual') return null;
  if (settings.provider === 'ccbill') return ccbillFlexForms(settings);
  return verotelFlexPay(settings);
}
