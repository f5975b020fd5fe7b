import { webcrypto, X509Certificate } from 'node:crypto';
import {
  CoseKey,
  DeviceKey,
  DeviceRequest,
  DocRequest,
  Holder,
  Issuer,
  ItemsRequest,
  SessionTranscript,
  SignatureAlgorithm,
} from '@owf/mdoc';
import {
  AGE_CREDENTIAL_QUERY_ID,
  AGE_DOCTYPE,
  AGE_NAMESPACE,
  AGE_OVER_18,
  type RequestBinding,
} from '../age-attestation';
import { mdocContext } from '../mdoc-context';
import type { TestIssuer } from './test-issuer';

export interface AgePresentationOptions {
  issuer: TestIssuer;
  ageOver18: boolean;
  /** The request answered: its client_id, response_uri and nonce go into the device signature. */
  binding: RequestBinding;
  now: Date;
  /** The attestation's validity; by default from an hour before `now` for 90 days. */
  validFrom?: Date;
  validUntil?: Date;
}

/**
 * What a wallet does: its issuer issues it an age attestation (a fresh device key each time, as
 * the blueprint's batch issuance of single-use attestations does), and it presents the attestation
 * to the request, signed with the device key over the OpenID4VP session transcript. The answer is
 * the DCQL vp_token: the DeviceResponse, base64url, under the credential query's id.
 */
export async function presentAge(options: AgePresentationOptions): Promise<Record<string, string[]>> {
  const { issuer, binding, now } = options;
  const deviceKeys = (await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
    'sign',
    'verify',
  ])) as webcrypto.CryptoKeyPair;
  const devicePrivate = await webcrypto.subtle.exportKey('jwk', deviceKeys.privateKey);
  const { d: _private, ...devicePublic } = devicePrivate;

  const issuerSigned = await new Issuer(AGE_DOCTYPE, mdocContext)
    .addIssuerNamespace(AGE_NAMESPACE, { [AGE_OVER_18]: options.ageOver18 })
    .sign({
      signingKey: CoseKey.fromJwk(issuer.privateJwk as Record<string, unknown>),
      certificates: [new Uint8Array(new X509Certificate(issuer.certificatePem).raw)],
      algorithm: SignatureAlgorithm.ES256,
      digestAlgorithm: 'SHA-256',
      deviceKeyInfo: { deviceKey: DeviceKey.fromJwk(devicePublic as Record<string, unknown>) },
      validityInfo: {
        signed: options.validFrom ?? new Date(now.getTime() - 3_600_000),
        validFrom: options.validFrom ?? new Date(now.getTime() - 3_600_000),
        validUntil: options.validUntil ?? new Date(now.getTime() + 90 * 86_400_000),
      },
    });

  // The DCQL query's one claim as the device request it stands for: only age_over_18 is disclosed.
  const deviceRequest = DeviceRequest.create({
    docRequests: [
      DocRequest.create({
        itemsRequest: ItemsRequest.create({
          docType: AGE_DOCTYPE,
          namespaces: { [AGE_NAMESPACE]: { [AGE_OVER_18]: false } },
        }),
      }),
    ],
  });
  const sessionTranscript = await SessionTranscript.forOid4Vp(binding, mdocContext);
  const deviceResponse = await Holder.createDeviceResponseForDeviceRequest(
    {
      deviceRequest,
      sessionTranscript,
      issuerSigned: [issuerSigned],
      signature: { signingKey: CoseKey.fromJwk(devicePrivate as Record<string, unknown>) },
    },
    mdocContext,
  );
  return { [AGE_CREDENTIAL_QUERY_ID]: [deviceResponse.encodedForOid4Vp] };
}
