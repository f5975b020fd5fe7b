export * from './admin/history/format-history';
export * from './admin/history/replay-user-history';
export * from './app';
export * from './consistency';
export * from './deps';
export { rankedMatches } from './search/find-stories';
export { type HotAnswer, hotListAnswers } from './stories/list/hot-list';
export { StoryListCache } from './stories/list/story-list-cache';
export type { PremiumUnlocker } from './stories/premium-unlocker';
