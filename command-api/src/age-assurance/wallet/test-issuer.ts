// @peculiar/x509 resolves its algorithms through tsyringe, which needs the Reflect metadata API.
import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import { X509CertificateGenerator } from '@peculiar/x509';

/** A test issuer: its signing key (a P-256 JWK with its private part) and its certificate (PEM). */
export interface TestIssuer {
  privateJwk: webcrypto.JsonWebKey;
  certificatePem: string;
}

const ecdsa = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;

/**
 * A new issuer of test attestations: a fresh P-256 key and a self-signed certificate for it,
 * valid from a day before `now` for ten years. Only the local wallet and tests use one; a
 * verifier trusts it only when its certificate is on the trust list.
 */
export async function createTestIssuer(
  now: Date,
  name = 'Nocturne local test age issuer',
): Promise<TestIssuer> {
  const keys = (await webcrypto.subtle.generateKey(ecdsa, true, [
    'sign',
    'verify',
  ])) as webcrypto.CryptoKeyPair;
  const notBefore = new Date(now.getTime() - 86_400_000);
  const notAfter = new Date(now.getTime() + 10 * 365 * 86_400_000);
  const certificate = await X509CertificateGenerator.createSelfSigned({
    serialNumber: Buffer.from(webcrypto.getRandomValues(new Uint8Array(8)))
      .toString('hex')
      .replace(/^[89a-f]/, '1'),
    name: `CN=${name}, C=EU`,
    notBefore,
    notAfter,
    keys,
    signingAlgorithm: ecdsa,
  });
  return {
    privateJwk: await webcrypto.subtle.exportKey('jwk', keys.privateKey),
    certificatePem: certificate.toString('pem'),
  };
}
