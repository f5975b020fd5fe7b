export * from './app';
export * from './deps';
