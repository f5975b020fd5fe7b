export * from './pick-services';
export * from './test-config';
