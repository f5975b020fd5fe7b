import { type EventOf, idOf, type RecordedEvent } from '@nocturne/events';
import { describeMailFailure, isPermanentMailFailure, type MailMessage } from '../mail/mailer';
import type { Reactor, ReactorContext } from '../runner/reactor';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const amountOf = (cents: number, currency: string) =>
  `${currency === 'USD' ? '$' : `${currency} `}${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** The receipt of a payment the processor confirmed: amount, date, our reference, the descriptor. */
export function receiptMail(
  event: RecordedEvent<EventOf<'PaymentReceived'>>,
  email: string,
  context: Pick<ReactorContext, 'publicUrl' | 'supportEmail'>,
): MailMessage {
  const { amountCents, currency, paidAt, descriptor, transactionId } = event.data;
  const reference = idOf(event.streamName);
  const base = context.publicUrl.replace(/\/+$/, '');
  const lines = [
    'Thank you: your payment is confirmed and premium is active (30 premium stories of your choice).',
    `Amount: ${amountOf(amountCents, currency)} (one-time, no recurring charges)`,
    `Date: ${paidAt.slice(0, 10)} (${paidAt.slice(11, 16)} UTC)`,
    `Reference: ${reference} (the processor's transaction ${transactionId})`,
    ...(descriptor ? [`Your card statement shows: ${descriptor}`] : []),
    `Your purchases and premium stories: ${base}/my-premium`,
    `Questions? Write to ${context.supportEmail}.`,
  ];
  return {
    to: email,
    subject: 'Your Nocturne receipt',
    text: lines.join('\n'),
    html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n'),
  };
}

/**
 * The receipt, once per confirmed payment (its own checkpoint: a rebuild never mails it again).
 * No card data: the processor never gave us any. An erased account gets nothing.
 */
export const receiptMailReactor: Reactor = {
  name: 'receipt-mail',
  handles: ['PaymentReceived'],
  isPermanentFailure: isPermanentMailFailure,
  describeFailure: describeMailFailure,
  async react(event, context) {
    if (event.type !== 'PaymentReceived' || !event.data.email) return;
    const email = await context.vault.decrypt(event.data.email);
    if (email === null) return;
    await context.mailer.send(
      receiptMail(event as RecordedEvent<EventOf<'PaymentReceived'>>, email, context),
    );
  },
};
