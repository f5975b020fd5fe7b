import type { TestServices } from '@nocturne/infra/test-env';
import { checkoutBaseline } from './baseline-checkout';
import { benchLikes } from './likes-over-http';
import { benchProduct } from './read-suite';

/** One figure measured on both checkouts, taking turns: each side's runs and the ratio of the medians. */
export interface SideBySide {
  name: string;
  baseline: number[];
  current: number[];
  /** median(current) / median(baseline): above 1, this checkout is faster. */
  ratio: number;
  /**
   * The server's CPU time per answer (µs) in the same rounds, where the suite measures it, and
   * median(baseline) / median(current): above 1, this checkout spends less. Requests a second
   * move with the machine's speed from round to round; the CPU an answer costs moves far less.
   */
  serverCpuUs?: { baseline: number[]; current: number[]; ratio: number };
}

export interface BaselineComparison {
  commit: string;
  figures: SideBySide[];
}

const ROUNDS = 3;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Likes over HTTP and every case of the read suite (requests/s), on an earlier commit and on this
 * checkout, taking turns for three rounds, so that a machine whose speed drifts during the run
 * weighs on both alike.
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
    const measureSide = async (side: keyof typeof runs, root: string | undefined) => {
      log(`round on ${side === 'baseline' ? `baseline ${baseline.commit}` : 'this checkout'}`);
      const likes = await benchLikes(services.postgresUrl, log, { root });
      record(side, 'likes over HTTP', likes.likesPerSecond);
      const reads = await benchProduct(services, log, root);
      for (const run of reads.runs) {
        record(side, run.name, run.requestsPerSecond);
        record(side, run.name, run.serverCpuUs, cpu);
      }
    };
    for (let round = 0; round < ROUNDS; round++) {
      await measureSide('baseline', baseline.root);
      await measureSide('current', undefined);
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
