import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Mailbox } from './mailbox';

let mailbox: Mailbox | undefined;
afterEach(async () => {
  await mailbox?.stop();
  mailbox = undefined;
});

/** A TCP connection to the mailbox's SMTP port, and a way to wait for each of its answers. */
async function dial(smtpUrl: string): Promise<{ socket: Socket; answer: () => Promise<string> }> {
  const { hostname, port } = new URL(smtpUrl);
  const socket = connect(Number(port), hostname);
  await once(socket, 'connect');
  let buffered = '';
  const waiting: Array<(line: string) => void> = [];
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffered += chunk;
    // A reply's last line is "NNN text" (the others "NNN-text").
    for (let end = buffered.search(/^\d{3} .*\r\n/m); end !== -1; end = buffered.search(/^\d{3} .*\r\n/m)) {
      const stop = buffered.indexOf('\r\n', end) + 2;
      const reply = buffered.slice(0, stop);
      buffered = buffered.slice(stop);
      waiting.shift()?.(reply);
    }
  });
  return { socket, answer: () => new Promise((resolve) => waiting.push(resolve)) };
}

async function say(connection: Awaited<ReturnType<typeof dial>>, line: string): Promise<string> {
  const reply = connection.answer();
  connection.socket.write(`${line}\r\n`);
  return reply;
}

describe('the test mailbox', () => {
  it('keeps receiving after a sender is killed in the middle of a mail (its connection reset)', async () => {
    mailbox = await Mailbox.start();
    const dying = await dial(mailbox.smtpUrl);
    await dying.answer(); // the greeting
    expect(await say(dying, 'EHLO dying.test')).toMatch(/^250/m);
    await say(dying, 'MAIL FROM:<noreply@nocturne.test>');
    await say(dying, 'RCPT TO:<lost@example.test>');
    expect(await say(dying, 'DATA')).toMatch(/^354/);
    dying.socket.write('Subject: Never finished\r\n\r\nHalf a mail');
    await new Promise((resolve) => setTimeout(resolve, 50)); // the half mail read by the server
    // What a SIGKILLed process's socket does in the middle of a mail: a reset, not a goodbye.
    dying.socket.resetAndDestroy();
    await once(dying.socket, 'close');

    const sender = await dial(mailbox.smtpUrl);
    await sender.answer();
    await say(sender, 'EHLO sender.test');
    await say(sender, 'MAIL FROM:<noreply@nocturne.test>');
    await say(sender, 'RCPT TO:<reader@example.test>');
    expect(await say(sender, 'DATA')).toMatch(/^354/);
    expect(await say(sender, 'Subject: After the reset\r\n\r\nStill here.\r\n.')).toMatch(/^250/);
    await say(sender, 'QUIT');
    sender.socket.destroy();

    const mail = await mailbox.waitFor('reader@example.test', { timeoutMs: 5_000 });
    expect(mail.subject).toBe('After the reset');
    expect(mailbox.mailsTo('lost@example.test')).toEqual([]);
  });
});
