import type { TestProject } from 'vitest/node';
import { ensureWebBuilt } from '../../bin/web-build.mjs';
import { pickTestServices } from './pick-services';

/**
 * Vitest global setup for the integration tier: builds web/dist when it is missing or stale, then
 * picks the services once, says which, and hands their URLs to the test files through environment
 * variables. The build is done here, once, before any file runs: files that serve the web app
 * (web-delivery, the split system) run in parallel workers, and each building it when it found it
 * missing meant one could read the build while another was still writing it (its index.html is
 * written before the files' Brotli and gzip variants).
 */
export default async function setup(_project: TestProject) {
  ensureWebBuilt({ log: (line: string) => console.log(`[test-env] ${line}`) });
  const services = await pickTestServices();
  console.log(`[test-env] ${services.description}`);
  process.env.TEST_DATABASE_URL = services.postgresUrl;
  process.env.TEST_NATS_URL = services.natsUrl ?? '';
  process.env.TEST_EVENTSTORE_URL = services.eventStoreUrl ?? '';
  process.env.TEST_SERVICES_DESCRIPTION = services.description;
  process.env.TEST_SERVICES_PICKED = '1';
  return async () => services.stop();
}
