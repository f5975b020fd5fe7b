import { UnlockReturner, type WithdrawnUnlocks } from '@nocturne/command-api';
import type { AppConfig } from '../config';
import type { Infrastructure } from './connect';

/** The unlocks of withdrawn stories not given back yet, from the premium unlocks read model. */
export function withdrawnUnlocksOf(infra: Pick<Infrastructure, 'db'>): WithdrawnUnlocks {
  return async (limit) => {
    const rows = await infra.db
      .selectFrom('premium_unlocks')
      .select(['user_key', 'story_id'])
      .where('withdrawn', '=', true)
      .orderBy('user_key')
      .orderBy('story_id')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ userKey: row.user_key, storyId: row.story_id }));
  };
}

/**
 * The unlock returner, started with command-api beside the draft scheduler (in one process, or
 * command-api's in split mode; more than one may run: each unlock is given back once, see
 * UnlockReturner). It looks as often as the scheduler does.
 */
export function startUnlockReturner(
  config: Pick<AppConfig, 'schedulerPollMs'>,
  infra: Pick<Infrastructure, 'db' | 'store' | 'notifier'>,
  clock: () => Date,
  log: (line: string) => void,
): UnlockReturner {
  const returner = new UnlockReturner({
    store: infra.store,
    withdrawnUnlocks: withdrawnUnlocksOf(infra),
    notifier: infra.notifier,
    clock,
    pollMs: config.schedulerPollMs,
    log,
  });
  returner.start();
  return returner;
}
