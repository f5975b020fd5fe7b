export * from './app';
export * from './consistency';
export * from './deps';
