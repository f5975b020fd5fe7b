import { idOf, type RecordedEvent } from '@nocturne/events';
import { linkToken } from '@nocturne/http-kit/auth';
import { describeMailFailure, isPermanentMailFailure, type MailMessage } from '../mail/mailer';
import type { Reactor, ReactorContext } from '../runner/reactor';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A plain-text mail with an HTML twin whose one link is a button-like anchor. */
function mail(
  to: string,
  subject: string,
  lines: string[],
  link: { url: string; label: string },
): MailMessage {
  const text = [...lines.slice(0, 1), '', `${link.label}: ${link.url}`, '', ...lines.slice(1)].join('\n');
  const html = [
    `<p>${escapeHtml(lines[0] ?? '')}</p>`,
    `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`,
    ...lines.slice(1).map((line) => `<p>${escapeHtml(line)}</p>`),
  ].join('\n');
  return { to, subject, text, html };
}

/** What each account event mails, given the decrypted address; null for nothing. */
export function accountMail(
  event: RecordedEvent,
  email: string,
  context: ReactorContext,
): MailMessage | null {
  const base = context.publicUrl.replace(/\/+$/, '');
  const userKey = idOf(event.streamName);
  const support = `Questions? Write to ${context.supportEmail}.`;
  switch (event.type) {
    case 'UserRegistered':
    case 'UnverifiedSignupReplaced':
    case 'VerificationEmailRequested': {
      // The same token the command handler digested: derived from this event's id.
      const { token } = linkToken(context.secret, 'verify', userKey, event.eventId);
      return mail(
        email,
        'Verify your email address',
        [
          'Welcome to Nocturne! Please confirm your email address to activate your account.',
          'The link is valid for 24 hours and can be used once.',
          'If you did not sign up, ignore this email: no account is activated without it.',
          support,
        ],
        { url: `${base}/auth/verify?token=${encodeURIComponent(token)}`, label: 'Verify my email' },
      );
    }
    case 'DuplicateSignupAttempted':
      return mail(
        email,
        'Someone tried to sign up with your email address',
        [
          'Someone tried to create a Nocturne account with this email address, which already has one. No new account was created.',
          `If it was you, just log in. Forgot your password? Reset it here: ${base}/auth/reset-password`,
          'If it was not you, you can ignore this email: your account is unchanged.',
          support,
        ],
        { url: `${base}/auth/login?email=${encodeURIComponent(email)}`, label: 'Log in' },
      );
    case 'PasswordResetRequested': {
      const { token } = linkToken(context.secret, 'reset', userKey, event.eventId);
      return mail(
        email,
        'Reset your password',
        [
          'We received a request to reset the password of your Nocturne account.',
          'The link is valid for 1 hour and can be used once. Resetting logs you out everywhere.',
          'If you did not ask for this, ignore this email: your password stays as it is.',
          support,
        ],
        {
          url: `${base}/auth/reset-password?token=${encodeURIComponent(token)}`,
          label: 'Choose a new password',
        },
      );
    }
    default:
      return null;
  }
}

/**
 * Account e-mails: verification (on signup and on a resend), "someone tried to sign up" and
 * password reset. Run by the reactor runner with its own checkpoint, so a read-model rebuild
 * never sends them again. An erased account (key destroyed) gets nothing.
 */
export const accountMailReactor: Reactor = {
  name: 'account-mail',
  handles: [
    'UserRegistered',
    'UnverifiedSignupReplaced',
    'VerificationEmailRequested',
    'DuplicateSignupAttempted',
    'PasswordResetRequested',
  ],
  isPermanentFailure: isPermanentMailFailure,
  describeFailure: describeMailFailure,
  async react(event, context) {
    if (!('email' in event.data) || typeof event.data.email !== 'string') return;
    const email = await context.vault.decrypt(event.data.email);
    if (email === null) return;
    const message = accountMail(event, email, context);
    if (message) await context.mailer.send({ ...message, userKey: idOf(event.streamName) });
  },
};
