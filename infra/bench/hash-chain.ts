import { verifyHashChain } from '@nocturne/events/store/postgres/verify-chain';
import { withBenchLog } from './bench-log';
import { benchLikes, type LikesResult } from './likes-over-http';

export interface ChainCostResult {
  /** Each run in the order it ran: without the chain, then with it, alternately. */
  runs: { chained: boolean; result: LikesResult }[];
  unchainedPerSecond: number;
  chainedPerSecond: number;
  /** chained / unchained (medians): the share of the rate the chain keeps. */
  ratio: number;
}

/**
 * Likes over HTTP without and with the hash chain, side by side in one run: the same product
 * (`npm start` in a process of its own, a fresh database each time), started with
 * EVENT_HASH_CHAIN=off and on, alternately, `pairs` times; the medians of the two sides are compared. The
 * runs alternate so that whatever drifts during the run (the machine's other load, the disk) falls
 * on both sides.
 */
export async function benchChainCost(
  postgresUrl: string,
  log: (line: string) => void,
  pairs = Number(process.env.BENCH_CHAIN_PAIRS ?? 3),
): Promise<ChainCostResult> {
  const runs: ChainCostResult['runs'] = [];
  for (let pair = 0; pair < pairs; pair++) {
    for (const chained of [false, true]) {
      log(`likes ${chained ? 'with' : 'without'} the hash chain (pair ${pair + 1} of ${pairs})`);
      const result = await benchLikes(postgresUrl, log, {
        env: { EVENT_HASH_CHAIN: chained ? 'on' : 'off' },
      });
      runs.push({ chained, result });
    }
  }
  const median = (chained: boolean) => {
    const side = runs.filter((r) => r.chained === chained).map((r) => r.result.likesPerSecond);
    return side.sort((a, b) => a - b)[Math.floor(side.length / 2)]!;
  };
  const unchainedPerSecond = median(false);
  const chainedPerSecond = median(true);
  return { runs, unchainedPerSecond, chainedPerSecond, ratio: chainedPerSecond / unchainedPerSecond };
}

export interface VerifyLogResult {
  events: number;
  /** es_chain_unchained over the whole log: what the first start after the upgrade costs (null: a kept log). */
  chainSeconds: number | null;
  verifySeconds: number;
  eventsPerSecond: number;
}

/**
 * `npm run verify-log`'s walk over a realistic log of `eventCount` events (the projector bench's
 * mix, seeded by bulk INSERT without hashes), after the migration has chained it; the migration's
 * own time is reported too when this run built the log (bench-log.ts).
 */
export async function benchVerifyLog(
  adminUrl: string,
  log: (line: string) => void,
  eventCount = Number(process.env.BENCH_VERIFY_EVENTS ?? 1_000_000),
): Promise<VerifyLogResult> {
  return withBenchLog(adminUrl, eventCount, log, async ({ databaseUrl, events, chainSeconds }) => {
    const verdict = await verifyHashChain(databaseUrl);
    if (!verdict.intact || verdict.through !== events) {
      throw new Error(`the seeded log did not verify: ${JSON.stringify(verdict)}`);
    }
    log(
      `verify-log: ${events.toLocaleString('en')} events intact in ${verdict.seconds.toFixed(2)} s = ${Math.round(events / verdict.seconds).toLocaleString('en')} events/s`,
    );
    return {
      events,
      chainSeconds,
      verifySeconds: verdict.seconds,
      eventsPerSecond: events / verdict.seconds,
    };
  });
}
