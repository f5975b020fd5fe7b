export type { AgeCheckOutcome } from './age-assurance/age-check-outcome';
export type { AgeCheckProvider, AgeCheckStart } from './age-assurance/age-check-provider';
export { ProviderUnavailable } from './age-assurance/age-check-provider';
export { HOSTED_NOTIFICATIONS_PER_MINUTE } from './age-assurance/hosted/hosted-notification-route';
export { offeredProviders } from './age-assurance/offered-providers';
export { answerAgeCheck, loadAgeCheck } from './age-assurance/record-answer';
export { presentAge } from './age-assurance/wallet/present-age';
export { createTestIssuer, type TestIssuer } from './age-assurance/wallet/test-issuer';
export type { AgeWalletSettings } from './age-assurance/wallet/wallet-provider';
export { type LocalYoti, startLocalYoti } from './age-assurance/yoti/local-yoti';
export { type HostedAgeProvider, type YotiSettings, yotiProvider } from './age-assurance/yoti/yoti-provider';
export { YOTI_DEFAULT_URL } from './age-assurance/yoti/yoti-wire';
export * from './app';
export { SEEN_BEYOND_HEAD } from './creators/creator-routes';
export * from './deps';
export { type DigestScheduler, startDigestScheduler } from './digest/digest-scheduler';
export type { DigestReader } from './digest/send-digests';
export { DraftScheduler, type DueDraft, type DueDrafts } from './drafts/draft-scheduler';
export { WorkSlots } from './images/work-slots';
export type { IntegrityCheckStarter } from './integrity/integrity-check-starter';
export { ccbillFormDigest } from './payments/ccbill/ccbill-digest';
export { type CcbillSettings, ccbillLedgerId } from './payments/ccbill/ccbill-flexforms';
export { CCBILL_WEBHOOK_RANGES, isSenderRange } from './payments/ccbill/ccbill-senders';
export { CCBILL_WEBHOOKS_PER_MINUTE } from './payments/ccbill/ccbill-webhook-route';
export * from './payments/http-notice-receiver';
export * from './payments/notice-answer';
export { centsOf, type PaymentProcessor, type ProcessorNotice } from './payments/payment-processor';
export { type PaymentSettings, paymentProcessorOf } from './payments/payment-settings';
export * from './payments/receive-notice';
export * from './payments/reconcile';
export {
  flexpaySignature,
  flexpaySignedParams,
  hasValidFlexpaySignature,
} from './payments/verotel/flexpay-signature';
export * from './premium/http-unlocker';
export * from './premium/unlock-premium-story';
export * from './premium/unlock-returner';
export type { AccountRateLimits } from './users/rate-limits';
