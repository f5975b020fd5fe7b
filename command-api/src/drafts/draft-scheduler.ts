import { streams } from '@nocturne/events';
import type { EventStore } from '@nocturne/events/store';
import type { AgeAssurancePolicy } from '@nocturne/http-kit/auth';
import { currentPenName } from '../creators/choose-pen-name';
import { scheduledCreatorAssurance } from '../creators/creator-assurance';
import { loadTagCatalogue } from '../labels/tag-catalogue-decider';
import { command } from '../shared/decider';
import { handleCommand } from '../shared/handle-command';
import { PollingJob } from '../shared/polling-job';
import { ownStoryDecider, type PublishScheduledDraft } from './own-story-decider';

/** A scheduled draft as a read model holds it: which story, and the time it was scheduled for. */
export interface DueDraft {
  storyId: string;
  /** ISO time, as the StoryDraftScheduled gave it. */
  publishAt: string;
}

/** The scheduled drafts due at `now` (a read model's; infra wires it): command-api reads none itself. */
export type DueDrafts = (now: Date) => Promise<DueDraft[]>;

export interface DraftSchedulerOptions {
  store: EventStore;
  dueDrafts: DueDrafts;
  clock: () => Date;
  /** How often it looks for due drafts (a draft is published within this of its time). */
  pollMs: number;
  log: (line: string) => void;
  /** AGE_ASSURANCE: an Explicit draft is published only while its creator's assurance holds. */
  ageAssurance?: AgeAssurancePolicy;
}

/**
 * Publishes scheduled drafts when they are due: every `pollMs` it reads the due ones and sends
 * each a PublishScheduledDraft through handleCommand, as the system. Safe with several
 * processes: the event ids derive from the story and its scheduled time, and the append is at
 * the revision the draft was read at, so the story is published once; whoever comes second
 * finds it published and decides nothing. A draft unscheduled or rescheduled meanwhile is left.
 */
export class DraftScheduler {
  private readonly job: PollingJob;

  constructor(private readonly options: DraftSchedulerOptions) {
    this.job = new PollingJob(() => this.publishDue(), {
      pollMs: options.pollMs,
      onError: (error) => options.log(`scheduler: due drafts not published yet (${String(error)})`),
    });
  }

  start(): void {
    this.job.start();
  }

  stop(): Promise<void> {
    return this.job.stop();
  }

  /** One look for due drafts; how many were published (or returned to their creators). */
  async publishDue(): Promise<number> {
    const { store, clock } = this.options;
    let done = 0;
    for (const due of await this.options.dueDrafts(clock())) {
      const stream = streams.story(due.storyId);
      const decide = async (state: { creatorKey: string | null }): Promise<PublishScheduledDraft> => {
        const penNameChosen =
          state.creatorKey !== null && (await currentPenName(store, state.creatorKey)).penName !== null;
        const curatedTags = await loadTagCatalogue(store);
        const assurance = await scheduledCreatorAssurance(
          { store, options: { ageAssurance: this.options.ageAssurance } },
          state.creatorKey,
        );
        return command('PublishScheduledDraft', { ...due, penNameChosen, curatedTags, assurance }, clock());
      };
      const key = `scheduled-${due.storyId}-${due.publishAt}`;
      const result = await handleCommand(store, stream, ownStoryDecider, decide, {
        correlationId: key,
        causationId: key,
        actor: { kind: 'system' },
        idempotencyKey: key,
      });
      done += result.events.length > 0 ? 1 : 0;
    }
    return done;
  }
}
