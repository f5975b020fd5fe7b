import { HttpError } from '@nocturne/events';
import type { Decider } from '../shared/decider';
import { evolveUser, initialUserState, type UserEvent, type UserState } from '../users/user-state';

/** The price and the discounted price (spec.md section 9): nothing else can be confirmed. */
export const PRICES = [15, 10] as const;
export type Price = (typeof PRICES)[number];

export interface ConfirmPayment {
  /** The session's e-mail, already encrypted with the account's key. */
  encryptedEmail: string;
  amount: number;
  transactionId: string | null;
  paymentMethod: string;
}

const isPrice = (amount: number): amount is Price => (PRICES as readonly number[]).includes(amount);

/**
 * A logged-in user says they paid. Recorded for the admin to check and grant (manually, within
 * 24 hours). The same transaction id submitted twice is recorded once.
 */
export const paymentDecider: Decider<ConfirmPayment, UserState, UserEvent> = {
  initialState: initialUserState,
  evolve: evolveUser,
  decide(command, state) {
    if (state.status !== 'registered') throw new HttpError(404, 'User not found');
    if (!isPrice(command.amount)) throw new HttpError(400, 'amount: must be 15 or 10');
    if (command.transactionId && state.paymentTransactionIds.has(command.transactionId)) return [];
    return [
      {
        type: 'PaymentConfirmationSubmitted',
        data: {
          email: command.encryptedEmail,
          amount: command.amount,
          transactionId: command.transactionId,
          paymentMethod: command.paymentMethod,
        },
      },
    ];
  },
};
