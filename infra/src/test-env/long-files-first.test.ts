import { describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import { LongFilesFirst } from './long-files-first';

const root = '/repo';

/** A spec as the sequencer reads it: its file and its project (name, group, isolation). */
const spec = (project: string, file: string) =>
  ({
    moduleId: `${root}/${file}`,
    project: { name: project, config: { sequence: { groupOrder: 0 }, isolate: true } },
  }) as unknown as TestSpecification;

/** Vitest on a fresh clone: no durations or sizes remembered. */
const freshClone = {
  config: { root },
  cache: { getFileTestResults: () => undefined, getFileStats: () => undefined },
} as unknown as Vitest;

const files = (specs: TestSpecification[]) => specs.map((s) => s.moduleId.slice(root.length + 1));

describe('the long test files first', () => {
  it('begins the known long files before the others, in the order they are listed, the rest as they came', async () => {
    const sorted = await new LongFilesFirst(freshClone).sort([
      spec('integration', 'events/vault/src/vault.int.test.ts'),
      spec('integration', 'infra/src/system/fuzz.int.test.ts'),
      spec('integration', 'events/pg-kit/src/pg-pool.int.test.ts'),
      spec('integration', 'infra/src/split/notifications-down.int.test.ts'),
    ]);
    expect(files(sorted)).toEqual([
      'infra/src/split/notifications-down.int.test.ts',
      'infra/src/system/fuzz.int.test.ts',
      'events/vault/src/vault.int.test.ts',
      'events/pg-kit/src/pg-pool.int.test.ts',
    ]);
  });

  it('moves a long file only within its project', async () => {
    const sorted = await new LongFilesFirst(freshClone).sort([
      spec('integration', 'events/vault/src/vault.int.test.ts'),
      spec('unit', 'command-api/src/users/accounts.test.ts'),
      spec('unit', 'infra/src/system/slow-uploads.test.ts'),
    ]);
    expect(files(sorted)).toEqual([
      'events/vault/src/vault.int.test.ts',
      'infra/src/system/slow-uploads.test.ts',
      'command-api/src/users/accounts.test.ts',
    ]);
  });
});
