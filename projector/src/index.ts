export * from './mail/mailer';
export * from './projections';
export * from './read-model/migrations';
export * from './read-model/schema';
export * from './runner/projection';
export * from './runner/reactor';
