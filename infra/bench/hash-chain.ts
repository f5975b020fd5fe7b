import { PostgresEventStore } from '@nocturne/events/store/postgres';
import { verifyHashChain } from '@nocturne/events/store/postgres/verify-chain';
import { insertHistory } from '@nocturne/projector/runner/testing/insert-history';
import { mixedHistory } from '@nocturne/projector/runner/testing/mixed-history';
import { PostgresPiiVault } from '@nocturne/vault';
import pg from 'pg';
import { withBenchDatabase } from './bench-database';
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
  /** es_chain_unchained over the whole log: what the first start after the upgrade costs. */
  chainSeconds: number;
  verifySeconds: number;
  eventsPerSecond: number;
}

/**
 * `npm run verify-log`'s walk over a realistic log of `eventCount` events (the projector bench's
 * mix, seeded by bulk INSERT without hashes), after the migration has chained it; the migration's
 * own time is reported too.
 */
export async function benchVerifyLog(
  adminUrl: string,
  log: (line: string) => void,
  eventCount = Number(process.env.BENCH_VERIFY_EVENTS ?? 1_000_000),
): Promise<VerifyLogResult> {
  return withBenchDatabase(adminUrl, 'verify_log', async (databaseUrl) => {
    const store = await PostgresEventStore.connect({ connectionString: databaseUrl });
    await store.close();
    const vault = await PostgresPiiVault.connect(databaseUrl);
    try {
      let started = performance.now();
      const history = await mixedHistory(vault, eventCount, 7);
      const head = await insertHistory(databaseUrl, history);
      log(
        `verify-log: seeded ${head.toLocaleString('en')} events in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      started = performance.now();
      try {
        await client.query('select es_chain_unchained()');
        await client.query('vacuum analyze es_events');
      } finally {
        await client.end();
      }
      const chainSeconds = (performance.now() - started) / 1000;
      log(
        `verify-log: the migration chained ${head.toLocaleString('en')} events in ${chainSeconds.toFixed(1)} s`,
      );
      const verdict = await verifyHashChain(databaseUrl);
      if (!verdict.intact || verdict.through !== head) {
        throw new Error(`the seeded log did not verify: ${JSON.stringify(verdict)}`);
      }
      log(
        `verify-log: ${head.toLocaleString('en')} events intact in ${verdict.seconds.toFixed(2)} s = ${Math.round(head / verdict.seconds).toLocaleString('en')} events/s`,
      );
      return {
        events: head,
        chainSeconds,
        verifySeconds: verdict.seconds,
        eventsPerSecond: head / verdict.seconds,
      };
    } finally {
      await vault.close();
    }
  });
}
