import { X509Certificate } from 'node:crypto';
import { DeviceResponse } from '@owf/mdoc';
import { AGE_CREDENTIAL_QUERY_ID, type RequestBinding } from '../age-attestation';
import { presentAge } from '../wallet/present-age';
import { createTestIssuer, type TestIssuer } from '../wallet/test-issuer';

/** Each way a presentation can be wrong, as the tests make it. */
export type BrokenPresentation =
  | 'wrong_nonce'
  | 'wrong_audience'
  | 'expired'
  | 'unknown_issuer'
  | 'under_18'
  | 'forged_issuer_signature'
  | 'tampered_signature'
  | 'tampered_claim';

/** The DER of an issuer's certificate, as a trust list holds it. */
export const trustedCertificateOf = (issuer: TestIssuer) =>
  new Uint8Array(new X509Certificate(issuer.certificatePem).raw);

function encodedOf(vpToken: Record<string, string[]>): Buffer {
  return Buffer.from(vpToken[AGE_CREDENTIAL_QUERY_ID]![0]!, 'base64url');
}

function asVpToken(bytes: Buffer): Record<string, string[]> {
  return { [AGE_CREDENTIAL_QUERY_ID]: [bytes.toString('base64url')] };
}

/** The bytes with one byte of `part` (found in them) changed. */
function flipWithin(bytes: Buffer, part: Uint8Array): Buffer {
  const at = bytes.indexOf(Buffer.from(part));
  if (at < 0) throw new Error('the part to change is not in the presentation');
  const copy = Buffer.from(bytes);
  copy[at + part.length - 1]! ^= 0x01;
  return copy;
}

/**
 * Presentations for tests: a valid one from `issuer` to `binding`, or one broken in the named way
 * (each a real, signed presentation but for the one thing wrong with it).
 */
export async function brokenPresentation(
  kind: BrokenPresentation,
  issuer: TestIssuer,
  binding: RequestBinding,
  now: Date,
): Promise<Record<string, string[]>> {
  const valid = (overrides: Partial<Parameters<typeof presentAge>[0]> = {}) =>
    presentAge({ issuer, ageOver18: true, binding, now, ...overrides });
  switch (kind) {
    case 'wrong_nonce':
      return valid({ binding: { ...binding, nonce: `${binding.nonce}-other` } });
    case 'wrong_audience':
      return valid({
        binding: {
          ...binding,
          clientId: 'redirect_uri:https://elsewhere.example/responses',
          responseUri: 'https://elsewhere.example/responses',
        },
      });
    case 'expired':
      return valid({
        validFrom: new Date(now.getTime() - 90 * 86_400_000),
        validUntil: new Date(now.getTime() - 86_400_000),
      });
    case 'unknown_issuer':
      return valid({ issuer: await createTestIssuer(now, 'Someone else') });
    case 'under_18':
      return valid({ ageOver18: false });
    case 'forged_issuer_signature':
      // Signed with another key under the trusted issuer's certificate.
      return valid({ issuer: { ...issuer, privateJwk: (await createTestIssuer(now)).privateJwk } });
    case 'tampered_signature': {
      const bytes = encodedOf(await valid());
      const signature = DeviceResponse.decode(bytes).documents![0]!.issuerSigned.issuerAuth.signature;
      return asVpToken(flipWithin(bytes, signature));
    }
    case 'tampered_claim': {
      // age_over_18's value, false turned true after signing: `elementValue` then CBOR false.
      const bytes = encodedOf(await valid({ ageOver18: false }));
      const falseValue = Buffer.concat([
        Buffer.from([0x6c]),
        Buffer.from('elementValue'),
        Buffer.from([0xf4]),
      ]);
      return asVpToken(flipWithin(bytes, falseValue));
    }
  }
}
