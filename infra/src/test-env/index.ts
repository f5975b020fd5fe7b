export * from './database';
export * from './pick-services';
