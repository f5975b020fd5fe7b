import { describe, expect, it } from 'vitest';
import { describeMailFailure, isPermanentMailFailure } from './mailer';

/** An error as nodemailer's SMTP connection makes it. */
const smtpError = (responseCode: number | undefined, command: string, code = 'EENVELOPE') =>
  Object.assign(new Error(`${responseCode} 5.1.1 <reader@nocturne.test>: Recipient address rejected`), {
    responseCode,
    command,
    code,
  });

describe('mail failures', () => {
  it('a 5xx to the recipient or the content is permanent', () => {
    expect(isPermanentMailFailure(smtpError(550, 'RCPT TO'))).toBe(true);
    expect(isPermanentMailFailure(smtpError(554, 'DATA', 'EMESSAGE'))).toBe(true);
  });

  it('a 4xx, a connection failure or the installation refused (AUTH, MAIL FROM) is temporary', () => {
    expect(isPermanentMailFailure(smtpError(451, 'RCPT TO'))).toBe(false);
    expect(isPermanentMailFailure(smtpError(535, 'AUTH PLAIN', 'EAUTH'))).toBe(false);
    expect(isPermanentMailFailure(smtpError(553, 'MAIL FROM'))).toBe(false);
    expect(
      isPermanentMailFailure(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNECTION' })),
    ).toBe(false);
  });

  it('is described by its code, never by the relay text that quotes the address', () => {
    expect(describeMailFailure(smtpError(550, 'RCPT TO'))).toBe('SMTP 550');
    expect(describeMailFailure(Object.assign(new Error('x'), { code: 'ECONNECTION' }))).toBe('ECONNECTION');
    expect(describeMailFailure(new TypeError('x'))).toBe('TypeError');
  });
});
