import type { TestProject } from 'vitest/node';
import { pickTestServices } from './pick-services';

/**
 * Vitest global setup for the integration tier: picks the services once, says which, and hands
 * their URLs to the test files through environment variables.
 */
export default async function setup(_project: TestProject) {
  const services = await pickTestServices();
  console.log(`[test-env] ${services.description}`);
  process.env.TEST_DATABASE_URL = services.postgresUrl;
  process.env.TEST_NATS_URL = services.natsUrl ?? '';
  process.env.TEST_EVENTSTORE_URL = services.eventStoreUrl ?? '';
  process.env.TEST_SERVICES_DESCRIPTION = services.description;
  process.env.TEST_SERVICES_PICKED = '1';
  return async () => services.stop();
}
