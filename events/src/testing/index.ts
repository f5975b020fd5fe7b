/** Test aids (`@nocturne/events/testing`): given-events helpers, shared fixtures, per-test databases. */
export * from './given';
export * from './staff-fixtures';
export * from './test-database';
export * from './user-fixtures';
