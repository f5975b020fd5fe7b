export * from './database';
export * from './pick-services';
export * from './test-config';
