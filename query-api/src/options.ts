import type { AgeAssurancePolicy } from '@nocturne/http-kit/auth';

/** Settings query-api reads; infra maps the validated configuration onto it. */
export interface QueryApiOptions {
  secret: string;
  dataDir: string;
  /** PAYMENT_LINK_BASE: the pay button opens `${paymentLinkBase}/<amount>`. */
  paymentLinkBase: string;
  /** How readers pay: by hand (`manual`), or through a processor (the pay button starts a purchase). */
  paymentProvider: 'manual' | 'verotel' | 'local' | 'ccbill';
  supportEmail: string;
  /** AGE_ASSURANCE*: who must be assured before anything explicit is sent; unset: off. */
  ageAssurance?: AgeAssurancePolicy;
  /** TRUST_PROXY is set: the viewer's region (CF-IPCountry) from the proxy is believed. */
  trustRegionHeader?: boolean;
  /** The age-assurance methods configured (each provider's), as the assurance screen offers them. */
  ageAssuranceMethods?: readonly AgeAssuranceMethodOffer[];
}

/** A way of confirming one is an adult, as the assurance screen names it. */
export interface AgeAssuranceMethodOffer {
  method: 'wallet' | 'hosted';
  label: string;
}
