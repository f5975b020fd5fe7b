import type { UserEvent } from '@nocturne/events/domain';
import { HttpError } from '@nocturne/events/http';
import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider';
import { paymentDecider } from './payment-decider';

const registered: UserEvent = {
  type: 'UserRegistered',
  data: {
    accountId: '5b1f3c2e-8d4a-4f6b-9c1d-2e3f4a5b6c7d',
    email: 'pii:v1:acc:iv:body:tag',
    passwordHash: 'pii:v1:acc:iv:hash:tag',
    ageConfirmedAt: '2025-01-01T00:00:00.000Z',
    verification: { tokenDigest: 'a'.repeat(64), expiresAt: '2025-01-02T00:00:00.000Z' },
  },
};

const confirm = (amount: number, transactionId: string | null = null, recorded: string[] = []) => ({
  encryptedEmail: 'pii:v1:acc:iv:body2:tag',
  amount,
  transaction: transactionId ? { id: transactionId, sealed: `pii:v1:acc:iv:${transactionId}:tag` } : null,
  recordedTransactionIds: new Set(recorded),
  paymentMethod: 'paypal_direct',
});

const decide = (given: UserEvent[], command: ReturnType<typeof confirm>) =>
  paymentDecider.decide(command, fold(paymentDecider, given));

describe('payment confirmation decider', () => {
  it('records the full price and the discounted price', () => {
    for (const amount of [15, 10]) {
      expect(decide([registered], confirm(amount, 'TX-1'))).toEqual([
        {
          type: 'PaymentConfirmationSubmitted',
          data: {
            email: 'pii:v1:acc:iv:body2:tag',
            amount,
            transactionId: 'pii:v1:acc:iv:TX-1:tag',
            paymentMethod: 'paypal_direct',
          },
        },
      ]);
    }
  });

  it('refuses any other amount with a 400', () => {
    for (const amount of [0, 9.99, 12, 16, -15, 150]) {
      expect(() => decide([registered], confirm(amount))).toThrow(
        expect.objectContaining({ statusCode: 400 }) as unknown as HttpError,
      );
    }
  });

  it('records the same transaction id only once (compared with the recorded ids, decrypted)', () => {
    const [first] = decide([registered], confirm(15, 'TX-9'));
    expect(decide([registered, first!], confirm(15, 'TX-9', ['TX-9']))).toEqual([]);
    expect(decide([registered, first!], confirm(15, 'TX-10', ['TX-9']))).toHaveLength(1);
  });

  it('records the transaction id sealed, never as typed', () => {
    const [event] = decide([registered], confirm(15, 'TX-11'));
    expect(JSON.stringify(event)).not.toContain('"TX-11"');
  });

  it('records every confirmation without a transaction id', () => {
    const [first] = decide([registered], confirm(15));
    expect(decide([registered, first!], confirm(15))).toHaveLength(1);
  });

  it('refuses a user without an account, or a deleted one, with a 404', () => {
    expect(() => decide([], confirm(15))).toThrow(HttpError);
    const deleted: UserEvent = { type: 'UserDeleted', data: { accountId: registered.data.accountId } };
    expect(() => decide([registered, deleted], confirm(15))).toThrow(
      expect.objectContaining({ statusCode: 404 }) as unknown as HttpError,
    );
  });
});
