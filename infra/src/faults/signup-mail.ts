import { setTimeout as sleep } from 'node:timers/promises';
import type { Mailbox } from '@nocturne/test-kit/mailbox';

/** What a row's sign-ups and their verification mails came to. */
export interface MailTally {
  /** Sign-ups acknowledged (200): each must be mailed exactly once. */
  signups: number;
  /** A second, different mail to one sign-up's address (another Message-ID): a reaction repeated. */
  twice: number;
  /**
   * The same mail (its Message-ID) handed to the relay again: a process killed after the relay
   * took it and before its checkpoint moved, the at-least-once window of the reactors.
   */
  resent: number;
  /** Acknowledged sign-ups whose mail had not come when the row ended. */
  missing: number;
}

export interface RunningSignups {
  /** Stops sending, waits for every acknowledged sign-up's mail (up to `settleMs`), and counts. */
  stop(settleMs?: number): Promise<MailTally>;
}

const VERIFY_SUBJECT = 'Verify your email address';

/**
 * Sign-ups under a fault, one every `everyMs`, each a new address: the reactor that mails them
 * runs in the leading projector, so a takeover in the middle of its batch is where a mail would
 * go twice or not at all. Each comes from an address of its own (`X-Forwarded-For`, believed with
 * `TRUST_PROXY=loopback`), so the sign-up rate limit, which is per client, refuses none.
 */
export function startSignups(options: { base: string; mailbox: Mailbox; everyMs: number }): RunningSignups {
  const run = `f${Date.now().toString(36)}`;
  const acknowledged: string[] = [];
  let stopped = false;
  const loop = (async () => {
    for (let n = 0; !stopped; n++) {
      const email = `${run}-${n}@faults.test`;
      const answer = await fetch(`${options.base}/api/auth/signup`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': `10.77.${(n >> 8) & 255}.${n & 255}`,
        },
        body: JSON.stringify({ email, password: 'fault-suite-password', age_confirmed: true }),
        signal: AbortSignal.timeout(15_000),
      }).catch(() => undefined);
      await answer?.arrayBuffer();
      // Not acknowledged (a 502 from a process killed under it, say): the client cannot know
      // whether the account exists, so its mail is neither owed nor counted.
      if (answer?.status === 200) acknowledged.push(email);
      await sleep(options.everyMs);
    }
  })();
  return {
    async stop(settleMs = 30_000) {
      stopped = true;
      await loop;
      const deadline = Date.now() + settleMs;
      const verificationsTo = (email: string) =>
        options.mailbox.mailsTo(email).filter((mail) => mail.subject === VERIFY_SUBJECT);
      while (Date.now() < deadline && acknowledged.some((email) => verificationsTo(email).length === 0))
        await sleep(200);
      // A mail sent twice comes right after the first (the next leader's batch): a moment more.
      await sleep(2_000);
      const mails = acknowledged.map(verificationsTo);
      const beyondOne = (count: number) => Math.max(0, count - 1);
      const twice = mails.reduce(
        (sum, each) => sum + beyondOne(new Set(each.map((m) => m.messageId)).size),
        0,
      );
      return {
        signups: acknowledged.length,
        twice,
        resent: mails.reduce((sum, each) => sum + beyondOne(each.length), 0) - twice,
        missing: mails.filter((each) => each.length === 0).length,
      };
    },
  };
}
