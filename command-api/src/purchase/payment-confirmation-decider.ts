import {
  accountMessages,
  evolveUser,
  initialUserState,
  isPrice,
  paymentMessages,
  refuse,
  type UserEvent,
  type UserState,
} from '@nocturne/domain';
import type { Command, Decider } from '../shared/decider';

export type ConfirmPayment = Command<'ConfirmPayment', PaymentConfirmation>;

export interface PaymentConfirmation {
  /** The session's e-mail, already encrypted with the account's key. */
  encryptedEmail: string;
  amount: number;
  /** The id as typed (to spot a resubmission) and sealed under the account's key (recorded). */
  transaction: { id: string; sealed: string } | null;
  /** The ids of the confirmations already recorded, decrypted (state.paymentTransactionIds). */
  recordedTransactionIds: ReadonlySet<string>;
  /** The payment method as typed, sealed under the account's key. */
  paymentMethod: string;
}

/**
 * A logged-in user says they paid. Recorded for the admin to check and grant (manually, within
 * 24 hours). The same transaction id submitted twice is recorded once.
 */
export const paymentConfirmationDecider: Decider<ConfirmPayment, UserState, UserEvent> = {
  initialState: initialUserState,
  evolve: evolveUser,
  decide({ data: command }, state) {
    if (state.status !== 'registered') return refuse('not_found', accountMessages.userNotFound);
    if (!isPrice(command.amount)) return refuse('invalid', paymentMessages.badAmount);
    if (command.transaction && command.recordedTransactionIds.has(command.transaction.id)) return [];
    return [
      {
        type: 'PaymentConfirmationSubmitted',
        data: {
          email: command.encryptedEmail,
          amount: command.amount,
          transactionId: command.transaction?.sealed ?? null,
          paymentMethod: command.paymentMethod,
        },
      },
    ];
  },
};
