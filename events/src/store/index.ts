/** `@nocturne/events/store`: the event-store port and the one way to fold a stream into state. */
export * from './aggregate-stream';
export * from './backdated-store';
export * from './log-browser';
export * from './port';
export * from './read-types';
export * from './scanning-log-browser';
