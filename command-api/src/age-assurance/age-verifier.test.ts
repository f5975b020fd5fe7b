import { beforeAll, describe, expect, it } from 'vitest';
import type { RequestBinding } from './age-attestation';
import { type RefusalReason, verifyAgePresentation } from './age-verifier';
import {
  type BrokenPresentation,
  brokenPresentation,
  trustedCertificateOf,
} from './testing/age-presentations';
import { presentAge } from './wallet/present-age';
import { createTestIssuer, type TestIssuer } from './wallet/test-issuer';

const now = new Date('2026-12-02T06:00:00Z');
const responseUri = 'http://localhost:3000/api/age-assurance/responses';
const binding: RequestBinding = {
  clientId: `redirect_uri:${responseUri}`,
  responseUri,
  nonce: 'nonce-of-this-check',
};

describe('verifying an age presentation (OpenID4VP, ISO mdoc eu.europa.ec.av.1)', () => {
  let issuer: TestIssuer;
  let trusted: Uint8Array[];
  beforeAll(async () => {
    issuer = await createTestIssuer(now);
    trusted = [trustedCertificateOf(issuer)];
  });

  it('given a trusted issuer, when the wallet presents age_over_18: true for this request, then it assures', async () => {
    const vpToken = await presentAge({ issuer, ageOver18: true, binding, now });
    expect(await verifyAgePresentation(vpToken, binding, trusted, now)).toEqual({ assured: true });
  });

  const cases: [BrokenPresentation, RefusalReason][] = [
    ['wrong_nonce', 'not_bound'],
    ['wrong_audience', 'not_bound'],
    ['expired', 'expired'],
    ['unknown_issuer', 'unknown_issuer'],
    ['under_18', 'not_over_18'],
    ['forged_issuer_signature', 'forged'],
    ['tampered_signature', 'forged'],
    ['tampered_claim', 'tampered'],
  ];
  it.each(cases)('when the presentation is %s, then it is refused as %s', async (kind, reason) => {
    const vpToken = await brokenPresentation(kind, issuer, binding, now);
    expect(await verifyAgePresentation(vpToken, binding, trusted, now)).toEqual({ assured: false, reason });
  });

  it('when the trust list is empty, then even a well-formed presentation is from an unknown issuer', async () => {
    const vpToken = await presentAge({ issuer, ageOver18: true, binding, now });
    expect(await verifyAgePresentation(vpToken, binding, [], now)).toEqual({
      assured: false,
      reason: 'unknown_issuer',
    });
  });

  it.each([
    ['no vp_token', undefined],
    ['a string', 'not a presentation'],
    ['another credential query', { other: ['abc'] }],
    ['garbage under the query', { age_over_18: ['AAAA'] }],
  ])('when the vp_token is %s, then it is malformed', async (_name, vpToken) => {
    expect(await verifyAgePresentation(vpToken, binding, trusted, now)).toEqual({
      assured: false,
      reason: 'malformed',
    });
  });
});
