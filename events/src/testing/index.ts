/** Test aids (`@nocturne/events/testing`): given-events helpers and per-test databases. */
export * from './given';
export * from './test-database';
