import {
  createPrivateKey,
  createPublicKey,
  type JsonWebKey,
  sign,
  verify,
  webcrypto,
  X509Certificate,
} from 'node:crypto';
import { CoseKey, type MdocContext } from '@owf/mdoc';

/** The hash an ECDSA curve signs with (COSE ES256/ES384/ES512). */
function hashOf(key: CoseKey): 'sha256' | 'sha384' | 'sha512' {
  const crv = key.jwk.crv;
  return crv === 'P-384' ? 'sha384' : crv === 'P-521' ? 'sha512' : 'sha256';
}

function publicJwk(key: CoseKey): JsonWebKey {
  const { d: _private, ...rest } = key.jwk as JsonWebKey;
  return rest;
}

/** An X.509 certificate, DER-encoded. */
const certificateOf = (der: Uint8Array) => new X509Certificate(der);

function withinValidity(cert: X509Certificate, now: Date): boolean {
  return now >= new Date(cert.validFrom) && now <= new Date(cert.validTo);
}

/**
 * The certificate chain of an issuer signature, from the document signer up, ends at a trusted
 * certificate: each certificate is within its validity at `now` and signed by the next one (or by
 * a trusted certificate that issued it); a trusted certificate may itself be the signer's.
 */
export function verifyChain(trusted: Uint8Array[], x5chain: Uint8Array[], now: Date): void {
  if (x5chain.length === 0) throw new Error('The issuer signature carries no certificate');
  const anchors = trusted.map(certificateOf);
  const chain = x5chain.map(certificateOf);
  for (let i = 0; i < chain.length; i++) {
    const cert = chain[i]!;
    if (!withinValidity(cert, now)) throw new Error('An issuer certificate is outside its validity');
    if (anchors.some((anchor) => anchor.raw.equals(cert.raw))) return;
    if (
      anchors.some(
        (anchor) => withinValidity(anchor, now) && cert.checkIssued(anchor) && cert.verify(anchor.publicKey),
      )
    ) {
      return;
    }
    const next = chain[i + 1];
    if (!next || !cert.checkIssued(next) || !cert.verify(next.publicKey)) break;
  }
  throw new Error('The issuer certificate does not lead to a trusted certificate');
}

/** The values of one attribute (such as C) of a certificate's issuer name. */
function issuerNameField(cert: X509Certificate, field: string): string[] {
  return cert.issuer
    .split('\n')
    .filter((line) => line.startsWith(`${field}=`))
    .map((line) => line.slice(field.length + 1));
}

/**
 * What the mdoc library computes with: Node's own crypto for digests and ECDSA signatures, and
 * Node's X509Certificate for certificates. Only signature device authentication is offered (the wallets
 * of the age-verification blueprint sign with their device key); MAC device authentication
 * would need a reader key this verifier never sends.
 */
export const mdocContext: MdocContext = {
  crypto: {
    random: (length) => webcrypto.getRandomValues(new Uint8Array(length)),
    digest: async ({ digestAlgorithm, bytes }) =>
      new Uint8Array(await webcrypto.subtle.digest(digestAlgorithm, bytes as Uint8Array<ArrayBuffer>)),
    calculateEphemeralMacKey: () => {
      throw new Error('MAC device authentication is not offered');
    },
  },
  cose: {
    sign1: {
      sign: ({ toBeSigned, key }) =>
        new Uint8Array(
          sign(hashOf(key), toBeSigned, {
            key: createPrivateKey({ key: key.jwk as JsonWebKey, format: 'jwk' }),
            dsaEncoding: 'ieee-p1363',
          }),
        ),
      verify: ({ sign1, key }) =>
        verify(
          hashOf(key),
          sign1.toBeSigned,
          { key: createPublicKey({ key: publicJwk(key), format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
          sign1.signature,
        ),
    },
    mac0: {
      sign: () => {
        throw new Error('MAC device authentication is not offered');
      },
      verify: () => {
        throw new Error('MAC device authentication is not offered');
      },
    },
  },
  x509: {
    getIssuerNameField: ({ certificate, field }) => issuerNameField(certificateOf(certificate), field),
    getPublicKey: ({ certificate }) =>
      CoseKey.fromJwk(
        certificateOf(certificate).publicKey.export({ format: 'jwk' }) as Record<string, unknown>,
      ),
    verifyCertificateChain: ({ trustedCertificates, x5chain, now }) =>
      verifyChain(trustedCertificates, x5chain, now ?? new Date()),
    getCertificateData: ({ certificate }) => {
      const cert = certificateOf(certificate);
      return {
        issuerName: cert.issuer,
        subjectName: cert.subject,
        serialNumber: cert.serialNumber,
        thumbprint: cert.fingerprint256.replaceAll(':', '').toLowerCase(),
        notBefore: new Date(cert.validFrom),
        notAfter: new Date(cert.validTo),
        pem: cert.toString(),
      };
    },
  },
};
