import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { parseMail, type ReceivedMail } from '../../../e2e/fixtures/mailbox';

/** The relay's answer to a recipient: accept (undefined), or refuse with an SMTP code. */
export type RecipientPolicy = (
  address: string,
  attempt: number,
) => { code: number; message: string } | undefined;

/**
 * A local SMTP relay (the `smtp-server` package, as the e2e harness uses) that keeps what it
 * accepts and refuses recipients as `policy` says, counting each address's attempts: 550 for a
 * mailbox that does not exist, 451 for "try again later".
 */
export class TestRelay {
  readonly received: ReceivedMail[] = [];
  readonly attempts = new Map<string, number>();

  private constructor(
    private readonly server: SMTPServer,
    readonly smtpUrl: string,
  ) {}

  static async start(policy: RecipientPolicy = () => undefined): Promise<TestRelay> {
    let relay: TestRelay | undefined;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(address, _session, callback) {
        const to = address.address.toLowerCase();
        const attempt = (relay?.attempts.get(to) ?? 0) + 1;
        relay?.attempts.set(to, attempt);
        const refusal = policy(to, attempt);
        if (!refusal) return callback();
        return callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          relay?.received.push(
            parseMail(
              Buffer.concat(chunks).toString('utf8'),
              session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            ),
          );
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    relay = new TestRelay(server, `smtp://127.0.0.1:${port}`);
    return relay;
  }

  /** Waits (up to `timeoutMs`) for a mail to `to` whose subject contains `subject`. */
  async waitFor(to: string, subject: string, timeoutMs = 15_000): Promise<ReceivedMail> {
    const started = Date.now();
    for (;;) {
      const mail = this.received.find((m) => m.to.includes(to.toLowerCase()) && m.subject.includes(subject));
      if (mail) return mail;
      if (Date.now() - started > timeoutMs) throw new Error(`no mail "${subject}" within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
