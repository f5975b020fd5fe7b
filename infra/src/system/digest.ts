import { type DigestScheduler, startDigestScheduler } from '@nocturne/command-api';
import { digestReader } from '@nocturne/query-api';
import type { AppConfig } from '../config';
import type { Infrastructure } from './connect';

/**
 * The daily digest's scheduler, in every process that serves command-api (one process; split
 * mode's command-api): it decides through the event store, so several processes send each
 * member's digest once. It reads the read models through query-api's reader.
 */
export function startDigest(
  config: Pick<AppConfig, 'digestTime'>,
  infra: Pick<Infrastructure, 'store' | 'db' | 'vault'>,
  clock: () => Date,
  log: (line: string) => void,
): DigestScheduler {
  return startDigestScheduler({
    store: infra.store,
    vault: infra.vault,
    reader: digestReader(infra.db),
    at: config.digestTime,
    clock,
    log,
  });
}
