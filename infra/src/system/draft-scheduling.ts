import { DraftScheduler, type DueDrafts } from '@nocturne/command-api';
import type { AppConfig } from '../config';
import type { Infrastructure } from './connect';

/** The scheduler looks at most this many due drafts at a time; the rest wait for its next look. */
const DUE_PER_LOOK = 100;

/** The drafts due at `now`, earliest first, from the drafts read model. */
export function dueDraftsOf(infra: Pick<Infrastructure, 'db'>): DueDrafts {
  return async (now) => {
    const rows = await infra.db
      .selectFrom('drafts')
      .select(['story_id', 'publish_at'])
      .where('publish_at', '<=', now)
      .orderBy('publish_at')
      .limit(DUE_PER_LOOK)
      .execute();
    return rows.map((row) => ({ storyId: row.story_id, publishAt: row.publish_at!.toISOString() }));
  };
}

/**
 * The scheduler of drafts, started with command-api (in one process, or command-api's in split
 * mode; more than one may run: each story is published once, see DraftScheduler).
 */
export function startDraftScheduler(
  config: Pick<AppConfig, 'schedulerPollMs' | 'ageAssurance'>,
  infra: Pick<Infrastructure, 'db' | 'store'>,
  clock: () => Date,
  log: (line: string) => void,
): DraftScheduler {
  const scheduler = new DraftScheduler({
    store: infra.store,
    dueDrafts: dueDraftsOf(infra),
    clock,
    pollMs: config.schedulerPollMs,
    log,
    ageAssurance: config.ageAssurance,
  });
  scheduler.start();
  return scheduler;
}
