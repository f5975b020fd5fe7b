import { type CommandContext, streams } from '@nocturne/events';
import type { EventStore } from '@nocturne/events/store';
import type { Notifier } from '@nocturne/notify';
import { command } from '../shared/decider';
import { handleCommand } from '../shared/handle-command';
import { PollingJob } from '../shared/polling-job';
import { storyStateOf } from '../stories/live-story';
import { unlockDecider } from './unlock-decider';

/** A reader's unlock of a story that a read model knows was withdrawn, and not given back yet. */
export interface WithdrawnUnlock {
  userKey: string;
  storyId: string;
}

/** At most `limit` unlocks to give back (a read model's; infra wires it): command-api reads none itself. */
export type WithdrawnUnlocks = (limit: number) => Promise<WithdrawnUnlock[]>;

export interface UnlockReturnerOptions {
  store: EventStore;
  withdrawnUnlocks: WithdrawnUnlocks;
  /** Told of each return, so the projector folds it at once. */
  notifier: Pick<Notifier, 'publishAppended'>;
  clock: () => Date;
  /** How often it looks for unlocks to give back. */
  pollMs: number;
  log: (line: string) => void;
}

/** The unlocks one look gives back at most; the rest wait for the next look. */
const RETURNS_PER_LOOK = 200;

/**
 * Gives readers back the unlocks of stories withdrawn since (unpublished by their creator or
 * deleted by an admin): every `pollMs` it reads the unlocks a read model marks withdrawn and
 * sends each a ReturnPremiumUnlock through handleCommand, as the system, on the reader's
 * stream. The story's own stream says how it left. It keeps no state of its own: a restart, or
 * a second process, reads the same unlocks again, and the reader's stream, appended at the
 * revision it was read, holds each return once (a story returned already decides nothing).
 * One reader's failure is logged by key, and tried again at the next look.
 */
export class UnlockReturner {
  private readonly job: PollingJob;

  constructor(private readonly options: UnlockReturnerOptions) {
    this.job = new PollingJob(() => this.returnWithdrawn(), {
      pollMs: options.pollMs,
      onError: (error) => options.log(`unlock returns: not looked for this time (${String(error)})`),
    });
  }

  start(): void {
    this.job.start();
  }

  stop(): Promise<void> {
    return this.job.stop();
  }

  /** One look: how many unlocks were given back. */
  async returnWithdrawn(): Promise<number> {
    const { store, clock, log } = this.options;
    let returned = 0;
    for (const { userKey, storyId } of await this.options.withdrawnUnlocks(RETURNS_PER_LOOK)) {
      const context: CommandContext = {
        correlationId: `unlock-return:${userKey}:${storyId}`,
        causationId: `story-withdrawn:${storyId}`,
        actor: { kind: 'system' },
      };
      try {
        const { withdrawal } = await storyStateOf(store, storyId);
        const result = await handleCommand(
          store,
          streams.user(userKey),
          unlockDecider,
          command('ReturnPremiumUnlock', { storyId, withdrawal }, clock()),
          context,
        );
        if (result.events.length > 0) {
          returned += 1;
          this.options.notifier.publishAppended(result.position);
        }
      } catch (error) {
        log(
          `unlock returns: the unlock of story ${storyId} by user ${userKey} was not given back (${error instanceof Error ? error.message : 'error'})`,
        );
      }
    }
    return returned;
  }
}
