import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type ReporterDescription } from '@playwright/test';

const root = fileURLToPath(new URL('../..', import.meta.url));
const jsonReport = process.env.NOCTURNE_E2E_JSON;
const reporter: ReporterDescription[] = [['list']];
// `npm test` asks for a JSON report to print the counts in its summary.
if (jsonReport) reporter.push(['json', { outputFile: jsonReport }]);

/**
 * End-to-end tests: Playwright driving the system Chromium (no browser download:
 * PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1) against the one-process mode that the fixtures start
 * (./fixtures). Run with `npm run test:e2e` (or as the last step of `npm test`).
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: join(root, 'test-results'),
  globalSetup: './fixtures/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter,
  // The web build's server renderers (web/dist/.vite/*.cjs) are plain bundled JavaScript, loaded
  // by the system the fixtures start in this process. Run through Playwright's Babel as a test
  // file is, a bundle holds the worker's thread for seconds while that system's background loops
  // wait on it, long enough for their statements to time out.
  build: { external: ['**/web/dist/**'] },
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    // The app's service worker precaches the shell right after a first load: left on, its
    // downloads would still be running when a test ends and its system stops, and it would
    // answer page loads that a spec means to route. offline.spec.ts turns it on.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    trace: 'off',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
  },
});
