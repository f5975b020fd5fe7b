import { refuse } from '@nocturne/domain';
import type { EventOf, PaymentProvider, RecordedEvent } from '@nocturne/events';
import type { Command, Decider } from '../shared/decider';
import type { ProcessorNotice } from './payment-processor';

export type PurchaseEvent = EventOf<
  'PurchaseStarted' | 'PaymentReceived' | 'PaymentReversed' | 'PaymentHeldForStaff'
>;

/** What a purchase is started with; the reader's address sealed under the account's key (the receipt's). */
export type StartPurchase = Command<'StartPurchase', EventOf<'PurchaseStarted'>['data']>;
export type ApplyNotice = Command<
  'ApplyNotice',
  { provider: PaymentProvider; notice: ProcessorNotice; descriptor?: string }
>;
export type PurchaseCommand = StartPurchase | ApplyNotice;

/** One purchase, folded from `purchase-{id}`: what was asked, what the processor said of it. */
export interface PurchaseState {
  /** What it was started with (PurchaseStarted). */
  started: EventOf<'PurchaseStarted'>['data'] | null;
  /** The sale that paid it (the first matching one). */
  paid: { transactionId: string; amountCents: number; currency: string; paidAt: string } | null;
  /** Refunds and chargebacks recorded, whenever they arrived. */
  reversals: ReadonlyArray<{ kind: 'refund' | 'chargeback'; transactionId: string }>;
  /** Every processor transaction this purchase has recorded (paid, reversed or held). */
  transactions: ReadonlySet<string>;
}

export const initialPurchaseState = (): PurchaseState => ({
  started: null,
  paid: null,
  reversals: [],
  transactions: new Set(),
});

export function evolvePurchase(
  state: PurchaseState,
  event: PurchaseEvent | RecordedEvent<PurchaseEvent>,
): PurchaseState {
  switch (event.type) {
    case 'PurchaseStarted':
      return { ...state, started: { ...event.data } };
    case 'PaymentReceived': {
      const { transactionId, amountCents, currency, paidAt } = event.data;
      return {
        ...state,
        paid: state.paid ?? { transactionId, amountCents, currency, paidAt },
        transactions: new Set(state.transactions).add(transactionId),
      };
    }
    case 'PaymentReversed':
      return {
        ...state,
        reversals: [...state.reversals, { kind: event.data.kind, transactionId: event.data.transactionId }],
        transactions: new Set(state.transactions).add(event.data.transactionId),
      };
    case 'PaymentHeldForStaff':
      return { ...state, transactions: new Set(state.transactions).add(event.data.transactionId) };
  }
}

/**
 * Whether the purchase gives premium: paid, and neither refunded nor charged back. A function of
 * what was recorded, not of the order it came in.
 */
export function purchaseEntitles(state: PurchaseState): boolean {
  return state.paid !== null && state.reversals.length === 0;
}

/** How the purchase ended, if it was reversed: a chargeback outweighs a refund. */
export function reversalOf(state: PurchaseState): 'refund' | 'chargeback' | null {
  if (state.reversals.some((r) => r.kind === 'chargeback')) return 'chargeback';
  return state.reversals.length > 0 ? 'refund' : null;
}

/** The system's own refusal (a notice naming no purchase of ours): never shown to a reader. */
export const unknownPurchase = 'No such purchase.';

/**
 * Starting a purchase, and applying a processor's notice to it. Each transaction is recorded once
 * (a second copy decides nothing). A sale for another amount or currency than the purchase's
 * price, or a second sale of a purchase already paid, is held for the staff and grants nothing;
 * a refund or chargeback is recorded even before its sale, which then grants nothing.
 */
export const purchaseDecider: Decider<PurchaseCommand, PurchaseState, PurchaseEvent> = {
  initialState: initialPurchaseState,
  evolve: evolvePurchase,
  decide(command, state) {
    if (command.type === 'StartPurchase') {
      return state.started ? [] : [{ type: 'PurchaseStarted', data: { ...command.data } }];
    }
    const { provider, notice, descriptor } = command.data;
    if (!state.started) return refuse('not_found', unknownPurchase);
    if (state.transactions.has(notice.transactionId)) return [];
    const { transactionId, saleId, amountCents, currency, occurredAt } = notice;
    if (notice.kind === 'sale') {
      const mismatch =
        currency !== state.started.currency
          ? 'currency_mismatch'
          : amountCents !== state.started.amountCents
            ? 'amount_mismatch'
            : state.paid
              ? 'second_sale'
              : null;
      if (mismatch) {
        return [
          {
            type: 'PaymentHeldForStaff',
            data: { provider, transactionId, saleId, reason: mismatch, amountCents, currency },
          },
        ];
      }
      const receipt = {
        ...(state.started.email ? { email: state.started.email } : {}),
        ...(descriptor ? { descriptor } : {}),
      };
      return [
        {
          type: 'PaymentReceived',
          data: { provider, transactionId, saleId, amountCents, currency, paidAt: occurredAt, ...receipt },
        },
      ];
    }
    return [
      {
        type: 'PaymentReversed',
        data: {
          provider,
          kind: notice.kind,
          transactionId,
          saleId,
          amountCents,
          currency,
          reversedAt: occurredAt,
        },
      },
    ];
  },
};
