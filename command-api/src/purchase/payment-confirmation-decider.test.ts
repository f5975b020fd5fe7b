import { accountMessages, type Price, paymentMessages, refuse, type UserEvent } from '@nocturne/domain';
import { userRegistered } from '@nocturne/events/testing';
import { describe, it } from 'vitest';
import { command } from '../shared/decider';
import { deciderSpec } from '../shared/testing/decider-spec';
import { paymentConfirmationDecider } from './payment-confirmation-decider';

const given = deciderSpec(paymentConfirmationDecider);
const registered = userRegistered();
/** A transaction id as the vault would seal it (the decider never opens it). */
const sealed = (transactionId: string) => `pii:v1:acc:iv:${transactionId}:tag`;
const confirm = (amount: number, transactionId: string | null = null, recorded: string[] = []) =>
  command(
    'ConfirmPayment',
    {
      encryptedEmail: 'pii:v1:acc:iv:body2:tag',
      amount,
      transaction: transactionId ? { id: transactionId, sealed: sealed(transactionId) } : null,
      recordedTransactionIds: new Set(recorded),
      paymentMethod: 'pii:v1:acc:iv:method:tag',
    },
    new Date('2025-01-10T12:00:00.000Z'),
  );
const submitted = (amount: Price, transactionId: string | null = null): UserEvent => ({
  type: 'PaymentConfirmationSubmitted',
  data: {
    email: 'pii:v1:acc:iv:body2:tag',
    amount,
    transactionId: transactionId ? sealed(transactionId) : null,
    paymentMethod: 'pii:v1:acc:iv:method:tag',
  },
});

describe('payment confirmation decider', () => {
  it('records the full price and the discounted price, the transaction id sealed', () => {
    for (const amount of [15, 10] as const) {
      given(registered)
        .when(confirm(amount, 'TX-1'))
        .thenEvents([submitted(amount, 'TX-1')]);
    }
  });

  it('refuses (400) any other amount', () => {
    for (const amount of [0, 9.99, 12, 16, -15, 150]) {
      given(registered).when(confirm(amount)).thenRefuses(refuse('invalid', paymentMessages.badAmount));
    }
  });

  it('records the same transaction id only once (compared with the recorded ids, decrypted)', () => {
    given(registered, submitted(15, 'TX-9'))
      .when(confirm(15, 'TX-9', ['TX-9']))
      .thenNothing();
    given(registered, submitted(15, 'TX-9'))
      .when(confirm(15, 'TX-10', ['TX-9']))
      .thenEvents([submitted(15, 'TX-10')]);
  });

  it('records every confirmation without a transaction id', () => {
    given(registered, submitted(15))
      .when(confirm(15))
      .thenEvents([submitted(15)]);
  });

  it('refuses (404) a user without an account, or a deleted one', () => {
    given().when(confirm(15)).thenRefuses(refuse('not_found', accountMessages.userNotFound));
    const deleted: UserEvent = { type: 'UserDeleted', data: { accountId: registered.data.accountId } };
    given(registered, deleted)
      .when(confirm(15))
      .thenRefuses(refuse('not_found', accountMessages.userNotFound));
  });
});
