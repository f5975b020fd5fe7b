import type { NoticeKind, PaymentProvider } from '@nocturne/events';

/** What a processor's notice says, read and checked by its adapter. */
export interface ProcessorNotice {
  kind: NoticeKind;
  /** The processor's id of this transaction: unique in the log. */
  transactionId: string;
  /** The processor's id of the sale the transaction belongs to (a refund's sale, too). */
  saleId: string;
  /** Our purchase id as the processor gives it back; null when the notice carries none. */
  reference: string | null;
  amountCents: number;
  currency: string;
  /** When the processor says it happened (ISO); the receiving time when it does not say. */
  occurredAt: string;
}

/** How an adapter read a notice. */
export type NoticeReading =
  | { outcome: 'notice'; notice: ProcessorNotice }
  /** Authentic, but nothing this product sells (a subscription's rebill, say): acknowledged, not stored. */
  | { outcome: 'ignored' }
  /** Not the processor's (bad signature, another shop) or not a notice at all: refused, nothing stored. */
  | { outcome: 'refused'; reason: 'signature' | 'malformed' };

/** An order to send the reader to the processor's payment page with. */
export interface PaymentOrder {
  /** Our purchase id, given back in every notice. */
  reference: string;
  amountCents: number;
  currency: string;
  description: string;
  /** Where the processor sends the reader back after paying, and after a decline. */
  successUrl: string;
  declineUrl: string;
}

/**
 * The port every processor's adapter implements: the link to its payment page, and the reading
 * of its notices. The card data stays with the processor: nothing of it reaches this server.
 */
export interface PaymentProcessor {
  provider: PaymentProvider;
  /** What the reader's statement shows, told in the receipt. */
  descriptor: string;
  paymentUrl(order: PaymentOrder): string;
  readNotice(params: Readonly<Record<string, string>>, receivedAt: Date): NoticeReading;
  /** The body the processor waits for once a notice is stored (else it sends it again). */
  acknowledgement: string;
}

/** "15.00" -> 1500; null for anything that is not a plain amount with at most two decimals. */
export function centsOf(amount: string | undefined): number | null {
  const match = amount === undefined ? null : /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(amount);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** 1500 -> "15.00", the form processors take amounts in. */
export const amountOf = (cents: number): string =>
  `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** A processor's id or our reference, as it may enter a stream name. */
export const SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/;
