import type { TestServices } from '@nocturne/infra/test-env';
import { checkoutBaseline } from './baseline-checkout';
import { benchLikes } from './likes-over-http';
import { measure, type ReadProduct, startReadProduct } from './read-suite';

/** One figure measured on both checkouts, taking turns: each side's runs and the ratio of the medians. */
export interface SideBySide {
  name: string;
  baseline: number[];
  current: number[];
  /** median(current) / median(baseline): above 1, this checkout is faster. */
  ratio: number;
  /**
   * The server's CPU time per answer (µs) in the same rounds, where the suite measures it, and
   * median(baseline) / median(current): above 1, this checkout spends less. Where the server is
   * at a full core, requests a second are its inverse; where the load generator sets the rate,
   * this still tells the server's own cost.
   */
  serverCpuUs?: { baseline: number[]; current: number[]; ratio: number };
}

export interface BaselineComparison {
  commit: string;
  figures: SideBySide[];
}

/** Rounds of likes, each side's product started afresh for each. */
const ROUNDS = 3;
/**
 * Pairs of products started for the reads, and turns of each read case per pair, both products up
 * at once: short turns, so both sides see the same machine. A start of one build can settle at a
 * server cost 15% above its other starts' for some cases and stay there, so the medians are taken
 * over three starts a side: one such start then moves them less than with two.
 */
const READ_PAIRS = 3;
const READ_TURNS = 4;
const READ_TURN = { seconds: 4, warmUpSeconds: 0.5 };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Likes over HTTP and every case of the read suite (requests/s), on an earlier commit and on this
 * checkout, taking turns, so that a machine whose speed drifts during the run weighs on both
 * alike: likes for three rounds, each side's product started for each; the reads with both
 * products up at once, each case measured four times a side in 4-second turns (the order swapped
 * each turn) on each of three pairs of freshly started products, with the server's CPU per answer.
 *
 * @example
 *   const { commit, figures } = await compareWithBaseline('main~5', services, console.log);
 *   for (const f of figures) console.log(f.name, f.ratio.toFixed(3));
 */
export async function compareWithBaseline(
  revision: string,
  services: TestServices,
  log: (line: string) => void,
): Promise<BaselineComparison> {
  const baseline = await checkoutBaseline(revision, log);
  try {
    const runs = { baseline: new Map<string, number[]>(), current: new Map<string, number[]>() };
    const cpu = { baseline: new Map<string, number[]>(), current: new Map<string, number[]>() };
    const record = (side: keyof typeof runs, name: string, value: number, into = runs) =>
      into[side].set(name, [...(into[side].get(name) ?? []), value]);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [side, root] of [
        ['baseline', baseline.root],
        ['current', undefined],
      ] as const) {
        log(`likes on ${side === 'baseline' ? `baseline ${baseline.commit}` : 'this checkout'}`);
        record(
          side,
          'likes over HTTP',
          (await benchLikes(services.postgresUrl, log, { root })).likesPerSecond,
        );
      }
    }
    for (let pair = 0; pair < READ_PAIRS; pair++) {
      const products: Partial<Record<keyof typeof runs, ReadProduct>> = {};
      try {
        products.baseline = await startReadProduct(services, log, baseline.root);
        products.current = await startReadProduct(services, log);
        const sides = [
          ['baseline', products.baseline],
          ['current', products.current],
        ] as const;
        for (const [index, readCase] of products.current.cases.entries()) {
          const baselineCase = products.baseline.cases[index]!;
          log(`${readCase.name}: pair ${pair + 1} of ${READ_PAIRS}, ${READ_TURNS} turns a side`);
          for (let turn = 0; turn < READ_TURNS; turn++) {
            for (const [side, product] of turn % 2 === 0 ? sides : [...sides].reverse()) {
              const { url, headers, expected } = side === 'baseline' ? baselineCase : readCase;
              const result = await measure(url, headers, product.pid, expected, READ_TURN);
              record(side, readCase.name, result.requestsPerSecond);
              record(side, readCase.name, result.serverCpuUs, cpu);
            }
          }
        }
      } finally {
        await products.baseline?.stop();
        await products.current?.stop();
      }
    }
    const figures = [...runs.current.keys()].map((name) => {
      const current = runs.current.get(name)!;
      const before = runs.baseline.get(name) ?? [];
      const cpuBefore = cpu.baseline.get(name);
      const cpuNow = cpu.current.get(name);
      const serverCpuUs =
        cpuBefore && cpuNow
          ? { baseline: cpuBefore, current: cpuNow, ratio: median(cpuBefore) / median(cpuNow) }
          : undefined;
      return { name, baseline: before, current, ratio: median(current) / median(before), serverCpuUs };
    });
    return { commit: baseline.commit, figures };
  } finally {
    await baseline.remove();
  }
}
