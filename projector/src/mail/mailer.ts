import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface MailerOptions {
  /** smtp://user:pass@host:port — when unset, mails are written as .eml files. */
  smtpUrl?: string | undefined;
  /** Folder for .eml files when there is no SMTP server. */
  outboxDir: string;
  from: string;
  log: (line: string) => void;
}

/** nodemailer to SMTP_URL, or (development) .eml files under DATA_DIR/outbox with the links logged. */
export function createMailer(options: MailerOptions): Mailer {
  const transport = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      if (options.smtpUrl) return;
      await mkdir(options.outboxDir, { recursive: true });
      const file = join(
        options.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`,
      );
      await writeFile(file, (info as unknown as { message: Buffer }).message);
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      options.log(
        `mail to ${message.to}: "${message.subject}" written to ${file}${links.length ? ` — ${links.join(' ')}` : ''}`,
      );
    },
  };
}
