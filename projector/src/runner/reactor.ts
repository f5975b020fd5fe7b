import type { EventType, RecordedEvent } from '@nocturne/events';
import type { PiiVault } from '@nocturne/vault';
import type { Mailer } from '../mail/mailer';

export interface ReactorContext {
  vault: PiiVault;
  mailer: Mailer;
  /** Base of links in e-mails (PUBLIC_URL). */
  publicUrl: string;
  supportEmail: string;
  /** Server secret, to derive one-time tokens (events/http-kit/src/auth/derived-token.ts). */
  secret: string;
}

/**
 * A side effect of events (e-mail). Reactors keep their own checkpoints, apart from the read
 * models, so a rebuild of the read models never re-fires them. Delivery is at least once:
 * a crash between the effect and the checkpoint repeats that one effect (a mail as the same
 * message: the runner gives each its Message-ID, `mailerForEvent`).
 */
export interface Reactor {
  readonly name: string;
  readonly handles: readonly EventType[];
  react(event: RecordedEvent, context: ReactorContext): Promise<void>;
  /**
   * A failure that trying again cannot mend (a mail relay's 5xx): recorded and skipped. Any
   * other failure is temporary and tried again with back-off (reactor-failures.ts).
   */
  isPermanentFailure?(error: unknown): boolean;
  /** The kind of failure for the log and the failures table (`SMTP 451`): no address, no text. */
  describeFailure?(error: unknown): string;
}
