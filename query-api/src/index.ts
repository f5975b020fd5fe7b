export * from './admin/history/format-history';
export * from './admin/history/replay-user-history';
export * from './app';
export * from './consistency';
export * from './deps';
export { StoryListCache } from './stories/list/story-list-cache';
export type { PremiumUnlocker } from './stories/premium-unlocker';
