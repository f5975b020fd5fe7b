import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Two tiers, by file name: `*.test.ts(x)` are unit tests (no I/O), `*.int.test.ts` are
 * integration tests against real PostgreSQL and NATS (see infra/src/test-env). End-to-end
 * tests are Playwright's (infra/e2e).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            '{events,events/*,projector,command-api,query-api,infra}/src/**/*.test.ts',
            'infra/deploy/**/*.test.ts',
            'web/src/**/*.test.{ts,tsx}',
            'web/build/**/*.test.ts',
          ],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
          // Every core: Vitest's default leaves one to its own process, which here idles while
          // the tests import and run (half of two cores unused, the tier 1.5 times as long).
          maxWorkers: availableParallelism(),
        },
      },
      {
        test: {
          name: 'integration',
          globalSetup: ['infra/src/test-env/global-setup.ts'],
          include: [
            '{events,events/*,projector,command-api,query-api,infra}/src/**/*.int.test.ts',
            // The Dockerfile's stages replayed (infra/deploy).
            'infra/deploy/**/*.int.test.ts',
          ],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Two cores: integration files share the machine's PostgreSQL; keep it calm.
          maxWorkers: 2,
        },
      },
    ],
  },
});
