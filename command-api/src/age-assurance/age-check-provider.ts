import type { AgeAssuranceMethod } from '@nocturne/http-kit/auth';

/** What a provider is given to start a check: its id and nonce, never who or what asked. */
export interface AgeCheckStart {
  checkId: string;
  /** Fresh for this check, derived from the server secret and its id (check-secrets.ts). */
  nonce: string;
}

/**
 * The provider port: a way of assuring age that a check can be started with. It is told the
 * check's id and nonce only (not the member, not the story), answers where to send the browser,
 * and its result comes back through `answerAgeCheck` (record-answer.ts), by whatever route its
 * protocol uses (the wallet's direct_post, a hosted provider's notification).
 */
export interface AgeCheckProvider {
  method: AgeAssuranceMethod;
  /** Recorded on the check and in `AgeAssured`: `local-wallet`, `eudi-wallet`, `yoti`, ... */
  provider: string;
  /** What the assurance screen offers it as. */
  label: string;
  /**
   * Where the browser goes for the check, and the provider's own session id if it has one.
   * Throws ProviderUnavailable when the provider does not answer.
   */
  start(check: AgeCheckStart): Promise<{ redirect: string; reference: string | null }>;
}

/** The provider did not answer (or not usably): the screen offers the other methods. */
export class ProviderUnavailable extends Error {
  override readonly name = 'ProviderUnavailable';
}

/**
 * Where the wallet or provider sends the browser when done: the product's page that reads the
 * check's result (the check's id only: the story wanted stays in the browser).
 */
export const checkReturnUrl = (publicUrl: string, checkId: string) =>
  `${publicUrl.replace(/\/+$/, '')}/age-assurance/return?check=${encodeURIComponent(checkId)}`;
