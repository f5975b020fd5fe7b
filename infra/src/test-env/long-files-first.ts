import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The test files that take longest, each alone most of a minute: they wait out outages and quiet
 * spells, or start whole systems. Begun last, one of them runs on alone while the other worker
 * idles; begun first, the short files fill the other worker beside it.
 */
const LONG_FILES = [
  'infra/src/split/notifications-down.int.test.ts',
  'projector/src/runner/crash.int.test.ts',
  'infra/src/system/fuzz.int.test.ts',
  'projector/src/runner/projection-runner.int.test.ts',
  'infra/src/demo/demo.int.test.ts',
  'infra/src/openapi/openapi.int.test.ts',
  'infra/src/system/slow-uploads.test.ts',
];

const rank = (file: TestSpecification) => {
  const index = LONG_FILES.findIndex((long) => file.moduleId.endsWith(long));
  return index < 0 ? LONG_FILES.length : index;
};

/**
 * Vitest's order (the longest first by the durations it remembers; on a fresh clone, which CI
 * is, it remembers none and keeps the files' order), with the known long files moved to the front.
 */
export class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Within each project only: the projects keep the order Vitest gave them.
    const projects = [...new Set(sorted.map((file) => file.project.name))];
    const project = (file: TestSpecification) => projects.indexOf(file.project.name);
    return [...sorted].sort((a, b) => project(a) - project(b) || rank(a) - rank(b));
  }
}
