/**
 * The domain module (`@nocturne/domain`): the product's rules, prices, limits, messages,
 * API data types and stream folds, written once and imported by the servers and the SPA alike.
 * Pure: no Node, framework, database or network import may enter here (the layer lint checks),
 * so the web bundle can take it whole.
 */
export * from './account-rules';
export * from './age-assurance';
export * from './creator-assurance';
export * from './creators';
export * from './drafts';
export * from './images';
export * from './integrity';
export * from './labels';
export * from './months';
export * from './my-premium';
export * from './prices';
export * from './quota';
export * from './ratings';
export * from './reading-settings';
export * from './reading-time';
export * from './refusal';
export * from './reports';
export * from './seeded-random';
export * from './slide-alt-text';
export * from './slides';
export * from './staff';
export * from './stories';
export * from './story-stream';
export * from './user';
