import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra header lines (the digest's List-Unsubscribe). */
  headers?: Record<string, string>;
  /** Whose mail it is, for the development log line: the user key, never the address. */
  userKey?: string;
  /**
   * The left part of its Message-ID (the From address's domain is the right), the same each
   * time this mail is sent: see `mailerForEvent` in the reactor runner.
   */
  messageId?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** The relay's reply code (nodemailer's `responseCode`), when it answered. */
const smtpCode = (error: unknown): number | undefined => {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' ? code : undefined;
};

/**
 * SMTP 5xx to this mail's recipient (RCPT TO) or content (DATA): the relay refuses it for good
 * (no such mailbox, policy) and trying again changes nothing. A 5xx elsewhere (AUTH: wrong
 * credentials; MAIL FROM: the sender) is the installation's problem, not this mail's: it is
 * tried again like a 4xx, so that fixing the configuration delivers the mail.
 */
export function isPermanentMailFailure(error: unknown): boolean {
  const code = smtpCode(error);
  const command = (error as { command?: unknown } | null)?.command;
  return code !== undefined && code >= 500 && code < 600 && (command === 'RCPT TO' || command === 'DATA');
}

/**
 * `SMTP 550`, `ECONNECTION`: the kind of failure. Never the relay's text, which quotes the
 * address (`550 5.1.1 <x@example.com>: Recipient address rejected`).
 */
export function describeMailFailure(error: unknown): string {
  const code = smtpCode(error);
  if (code !== undefined) return `SMTP ${code}`;
  const name = (error as { code?: unknown } | null)?.code;
  return typeof name === 'string' ? name : error instanceof Error ? error.name : 'unknown failure';
}

export interface MailerOptions {
  /** smtp://user:pass@host:port — when unset, mails are written as .eml files. */
  smtpUrl?: string | undefined;
  /** Folder for .eml files when there is no SMTP server. */
  outboxDir: string;
  from: string;
  log: (line: string) => void;
}

/**
 * nodemailer to SMTP_URL, or (development, no SMTP_URL) .eml files under DATA_DIR/outbox with
 * the links logged, so a developer can click them. Only then: with a relay, a link (a one-time
 * token) never reaches a log. Neither line names the address (the user key does).
 */
export function createMailer(options: MailerOptions): Mailer {
  const transport = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const domain = /@([^>\s]+)>?\s*$/.exec(options.from)?.[1] ?? 'nocturne.invalid';
  return {
    async send({ userKey, messageId, ...message }) {
      const info = await transport.sendMail({
        from: options.from,
        ...message,
        ...(messageId ? { messageId: `<${messageId}@${domain}>` } : {}),
      });
      if (options.smtpUrl) return;
      await mkdir(options.outboxDir, { recursive: true });
      const file = join(
        options.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`,
      );
      await writeFile(file, (info as unknown as { message: Buffer }).message);
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      const whose = userKey ? ` for user ${userKey}` : '';
      options.log(
        `mail "${message.subject}"${whose} written to ${file}${links.length ? ` — ${links.join(' ')}` : ''}`,
      );
    },
  };
}
