export * from './connect';
export * from './deps';
export * from './http-app';
export * from './start-system';
export * from './test-system';
