import type { TestServices } from '@nocturne/infra/test-env';
import type { SideBySide } from './baseline-comparison';
import { benchProduct } from './read-suite';

const ROUNDS = 2;
/** A fifth of the stories Explicit: the policy has something to withhold. */
const EXPLICIT_EVERY = 5;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * What the age-assurance policy costs the read side: every case of the read suite on this
 * checkout with `AGE_ASSURANCE=off` and with `required` (a fifth of the stories Explicit, the
 * requests without assurance, so visitors get the gated cards), taking turns. `ratio` is
 * median(required) / median(off): the target is at least 0.95 on the lists.
 *
 * @example
 *   for (const f of await compareAgePolicies(services, console.log)) console.log(f.name, f.ratio);
 */
export async function compareAgePolicies(
  services: TestServices,
  log: (line: string) => void,
): Promise<SideBySide[]> {
  const runs = { off: new Map<string, number[]>(), required: new Map<string, number[]>() };
  for (let round = 0; round < ROUNDS; round++) {
    for (const policy of ['off', 'required'] as const) {
      log(`round with AGE_ASSURANCE=${policy}`);
      const reads = await benchProduct(services, log, undefined, {
        env: { AGE_ASSURANCE: policy },
        explicitEvery: EXPLICIT_EVERY,
      });
      for (const run of reads.runs)
        runs[policy].set(run.name, [...(runs[policy].get(run.name) ?? []), run.requestsPerSecond]);
    }
  }
  return [...runs.required.keys()].map((name) => {
    const required = runs.required.get(name)!;
    const off = runs.off.get(name) ?? [];
    return { name, baseline: off, current: required, ratio: median(required) / median(off) };
  });
}
