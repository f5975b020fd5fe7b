import { parseDcqlVpToken } from '@openid4vc/openid4vp';
import { DeviceResponse, SessionTranscript, type VerificationAssessment, Verifier } from '@owf/mdoc';
import {
  AGE_CREDENTIAL_QUERY_ID,
  AGE_DOCTYPE,
  AGE_NAMESPACE,
  AGE_OVER_18,
  type RequestBinding,
} from './age-attestation';
import { mdocContext } from './mdoc-context';

/** Why a presentation did not assure; each has its status, detail and metric label. */
export type RefusalReason =
  | 'malformed'
  | 'unknown_issuer'
  | 'forged'
  | 'tampered'
  | 'expired'
  | 'not_bound'
  | 'not_over_18'
  | 'replayed'
  | 'declined';

export const refusalDetails: Record<RefusalReason, { status: 400 | 401; detail: string }> = {
  malformed: {
    status: 400,
    detail: `The vp_token is not an ISO mdoc presentation of ${AGE_DOCTYPE} under the credential query "${AGE_CREDENTIAL_QUERY_ID}".`,
  },
  unknown_issuer: {
    status: 401,
    detail: 'The attestation was not issued by a trusted age-verification issuer.',
  },
  forged: { status: 401, detail: "The issuer's signature on the attestation is not valid." },
  tampered: { status: 401, detail: 'The disclosed attributes do not match what the issuer signed.' },
  expired: { status: 401, detail: 'The attestation is outside its validity period.' },
  not_bound: {
    status: 401,
    detail: 'The presentation was not made for this request (its nonce, client_id or response_uri differ).',
  },
  not_over_18: { status: 400, detail: 'The attestation does not show age_over_18: true.' },
  replayed: { status: 401, detail: 'This request has already been answered; start a new check.' },
  declined: { status: 400, detail: 'The wallet did not present the age attestation.' },
};

export type AgeVerification = { assured: true } | { assured: false; reason: RefusalReason };

/** The first failed check, in the words of a refusal. */
function reasonOf(failed: VerificationAssessment): RefusalReason {
  switch (failed.category) {
    case 'DEVICE_AUTH':
      return 'not_bound';
    case 'DATA_INTEGRITY':
      return 'tampered';
    case 'ISSUER_AUTH':
      if (/valid at the time|validity/i.test(`${failed.check} ${failed.reason ?? ''}`)) return 'expired';
      if (/certificate/i.test(failed.check)) return 'unknown_issuer';
      return 'forged';
    default:
      return 'malformed';
  }
}

function decodeDeviceResponse(vpToken: unknown): DeviceResponse | null {
  try {
    const presentations = parseDcqlVpToken(vpToken)[AGE_CREDENTIAL_QUERY_ID];
    const encoded = presentations?.length === 1 ? presentations[0] : undefined;
    return typeof encoded === 'string' ? DeviceResponse.fromEncodedForOid4Vp(encoded) : null;
  } catch {
    return null;
  }
}

/**
 * Verifies a wallet's answer (the vp_token of OpenID4VP's direct_post, DCQL form) to one request:
 * an ISO mdoc DeviceResponse with one eu.europa.ec.av.1 document, whose issuer signature leads to a
 * certificate on the trust list and is valid at `now`, whose disclosed items match the issuer's
 * digests, and whose device signature covers the OpenID4VP session transcript of this request's
 * client_id, response_uri and nonce (so a presentation made for another request, another verifier
 * or another nonce fails). Only an issuer-signed `age_over_18: true` assures.
 */
export async function verifyAgePresentation(
  vpToken: unknown,
  binding: RequestBinding,
  trustedCertificates: readonly Uint8Array[],
  now: Date,
): Promise<AgeVerification> {
  const deviceResponse = decodeDeviceResponse(vpToken);
  const documents = deviceResponse?.documents ?? [];
  if (!deviceResponse || documents.length !== 1 || documents[0]?.docType !== AGE_DOCTYPE) {
    return { assured: false, reason: 'malformed' };
  }
  const failures: VerificationAssessment[] = [];
  try {
    await Verifier.verifyDeviceResponse(
      {
        deviceResponse,
        sessionTranscript: await SessionTranscript.forOid4Vp(binding, mdocContext),
        trustedCertificates: [...trustedCertificates],
        now,
        skewSeconds: 0,
        onCheck: (check) => {
          if (check.status === 'FAILED') failures.push(check);
        },
      },
      mdocContext,
    );
  } catch {
    return { assured: false, reason: failures[0] ? reasonOf(failures[0]) : 'malformed' };
  }
  if (failures[0]) return { assured: false, reason: reasonOf(failures[0]) };
  const claims = documents[0].issuerSigned.getPrettyClaims(AGE_NAMESPACE) as
    | Record<string, unknown>
    | undefined;
  return claims?.[AGE_OVER_18] === true ? { assured: true } : { assured: false, reason: 'not_over_18' };
}
