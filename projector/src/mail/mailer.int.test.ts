import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Mailbox } from '@nocturne/test-kit/mailbox';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer } from './mailer';

let outboxDir = '';
afterEach(async () => {
  await rm(outboxDir, { recursive: true, force: true });
});

describe('the development outbox (no SMTP_URL)', () => {
  it('writes the mail and logs its links, naming the user key, never the address', async () => {
    outboxDir = await mkdtemp(join(tmpdir(), 'nocturne-outbox-'));
    const lines: string[] = [];
    const mailer = createMailer({
      outboxDir,
      from: 'Nocturne <support@nocturne.test>',
      log: (l) => lines.push(l),
    });
    await mailer.send({
      to: 'reader@nocturne.test',
      subject: 'Reset your password',
      text: 'Choose a new password: http://localhost:3000/auth/reset-password?token=abc.def',
      userKey: 'k3y',
    });
    expect(await readdir(outboxDir)).toHaveLength(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^mail "Reset your password" for user k3y written to .+\.eml — http:\/\/localhost:3000\/auth\/reset-password\?token=abc\.def$/,
    );
    expect(lines[0]).not.toContain('reader@');
  });
});

describe('a mail given its Message-ID', () => {
  const message = { to: 'reader@nocturne.test', subject: 'Verify your email address', text: 'Hello' };

  it('carries it, with the From address domain, to the relay', async () => {
    const mailbox = await Mailbox.start();
    try {
      const mailer = createMailer({
        smtpUrl: mailbox.smtpUrl,
        outboxDir: '',
        from: 'Nocturne <noreply@mail.nocturne.test>',
        log: () => {},
      });
      await mailer.send({ ...message, messageId: 'e1.account-mail.0' });
      await mailer.send({ ...message, messageId: 'e1.account-mail.0' });
      const sent = await Promise.all([mailbox.waitFor(message.to), mailbox.waitFor(message.to)]);
      expect(sent.map((mail) => mail.messageId)).toEqual([
        '<e1.account-mail.0@mail.nocturne.test>',
        '<e1.account-mail.0@mail.nocturne.test>',
      ]);
    } finally {
      await mailbox.stop();
    }
  });

  it('carries it in the development outbox too', async () => {
    outboxDir = await mkdtemp(join(tmpdir(), 'nocturne-outbox-'));
    const mailer = createMailer({ outboxDir, from: 'support@nocturne.test', log: () => {} });
    await mailer.send({ ...message, messageId: 'e2.staff-mail.1' });
    const [file] = await readdir(outboxDir);
    expect(await readFile(join(outboxDir, file!), 'utf8')).toMatch(
      /^Message-ID: <e2\.staff-mail\.1@nocturne\.test>$/m,
    );
  });
});
