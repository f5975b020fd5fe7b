export * from './app';
export * from './deps';
export { DraftScheduler, type DueDraft, type DueDrafts } from './drafts/draft-scheduler';
export { WorkSlots } from './images/work-slots';
export type { IntegrityCheckStarter } from './integrity/integrity-check-starter';
export * from './premium/http-unlocker';
export * from './premium/unlock-premium-story';
export { type HotCommand, hotLikes } from './stories/hot-likes';
export type { AccountRateLimits } from './users/rate-limits';
