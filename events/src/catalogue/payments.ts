import { z } from 'zod';
import { defineEvent } from './define';
import { Encrypted, IsoTime } from './fields';

/**
 * The payment processors a purchase can go through. `local` is the embedded processor that
 * `npm start` runs when no real one is configured; it speaks Verotel FlexPay's wire format.
 */
export const PaymentProvider = z.enum(['verotel', 'local', 'ccbill']);
export type PaymentProvider = z.infer<typeof PaymentProvider>;

/** What a processor's notice says happened to a sale. */
export const NoticeKind = z.enum(['sale', 'refund', 'chargeback']);
export type NoticeKind = z.infer<typeof NoticeKind>;

/** Money in the currency's minor unit (cents): never a float in the log. */
const Cents = z.number().int().nonnegative();
const Currency = z.string().regex(/^[A-Z]{3}$/);
/** The processor's id of one transaction (a sale, a refund, a chargeback). */
const TransactionId = z.string().min(1).max(100);

/**
 * A reader pressed Pay: our purchase, whose id is the reference the processor gives back in
 * every notice. Stream `purchase-{purchaseId}`.
 */
export const PurchaseStarted = defineEvent(
  'PurchaseStarted',
  1,
  z.object({
    userKey: z.string().min(1).max(64),
    accountId: z.uuid(),
    provider: PaymentProvider,
    amountCents: Cents,
    currency: Currency,
    discounted: z.boolean(),
    /** The reader's address, sealed under the account's key: where the receipt goes. */
    email: Encrypted.optional(),
  }),
);

/** The processor says the purchase was paid, for the purchase's price. */
export const PaymentReceived = defineEvent(
  'PaymentReceived',
  1,
  z.object({
    provider: PaymentProvider,
    transactionId: TransactionId,
    saleId: z.string().min(1).max(100),
    amountCents: Cents,
    currency: Currency,
    paidAt: IsoTime,
    /** Where the receipt goes (the purchase's sealed address), and what the card statement shows. */
    email: Encrypted.optional(),
    descriptor: z.string().max(60).optional(),
  }),
);

/**
 * The processor gave the money back (refund) or the card's bank took it back (chargeback).
 * Recorded even when it arrives before the sale it reverses: the sale then grants nothing.
 */
export const PaymentReversed = defineEvent(
  'PaymentReversed',
  1,
  z.object({
    provider: PaymentProvider,
    kind: z.enum(['refund', 'chargeback']),
    transactionId: TransactionId,
    saleId: z.string().min(1).max(100),
    amountCents: Cents,
    currency: Currency,
    reversedAt: IsoTime,
  }),
);

/**
 * A sale notice that does not match the purchase (another amount or currency, or a second sale
 * of a purchase already paid): it grants nothing and waits for the staff.
 */
export const PaymentHeldForStaff = defineEvent(
  'PaymentHeldForStaff',
  1,
  z.object({
    provider: PaymentProvider,
    transactionId: TransactionId,
    saleId: z.string().min(1).max(100),
    reason: z.enum(['amount_mismatch', 'currency_mismatch', 'second_sale']),
    amountCents: Cents,
    currency: Currency,
  }),
);

/**
 * A processor's notice as it arrived, once per transaction: stream
 * `payment_notice-{provider}-{transactionId}`, appended only when it does not exist, so a
 * second copy of a notice finds it and changes nothing.
 */
export const PaymentNoticeReceived = defineEvent(
  'PaymentNoticeReceived',
  1,
  z.object({
    provider: PaymentProvider,
    kind: NoticeKind,
    transactionId: TransactionId,
    saleId: z.string().min(1).max(100),
    /** Our purchase id, as the processor gave it back (null when the notice had none). */
    reference: z.string().max(100).nullable(),
    amountCents: Cents,
    currency: Currency,
    occurredAt: IsoTime,
  }),
);

/** A notice that names no purchase of ours: kept, and in the staff's queue. */
export const PaymentNoticeQueued = defineEvent(
  'PaymentNoticeQueued',
  1,
  z.object({ reason: z.enum(['unknown_reference']) }),
);

const LedgerSide = z.object({ amountCents: Cents, currency: Currency }).nullable();

/**
 * A day's transactions as the processor reports them, compared with the notices the log holds:
 * paid there but not here, here but not there, amounts that differ. Stream
 * `reconciliation-{provider}-{day}`; a day checked again adds a newer result.
 */
export const ReconciliationCompleted = defineEvent(
  'ReconciliationCompleted',
  1,
  z.object({
    provider: PaymentProvider,
    day: z.iso.date(),
    processorTransactions: z.number().int().nonnegative(),
    loggedTransactions: z.number().int().nonnegative(),
    differences: z.array(
      z.object({
        transactionId: TransactionId,
        kind: NoticeKind,
        issue: z.enum(['missing_here', 'missing_there', 'amount_differs']),
        /** What the log holds (null: nothing). */
        here: LedgerSide,
        /** What the processor reports (null: nothing). */
        there: LedgerSide,
      }),
    ),
  }),
);

export const purchaseEvents = [
  PurchaseStarted,
  PaymentReceived,
  PaymentReversed,
  PaymentHeldForStaff,
] as const;
export const paymentNoticeEvents = [
  PaymentNoticeReceived,
  PaymentNoticeQueued,
  ReconciliationCompleted,
] as const;
