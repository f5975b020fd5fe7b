import { createOpenid4vpAuthorizationRequest } from '@openid4vc/openid4vp';
import { getGlobalConfig, setGlobalConfig } from '@openid4vc/utils';
import {
  AGE_CREDENTIAL_QUERY_ID,
  AGE_DOCTYPE,
  AGE_NAMESPACE,
  AGE_OVER_18,
  type RequestBinding,
} from '../age-attestation';

/**
 * The DCQL query of the age-verification profile: one ISO mdoc of the age attestation's document
 * type, disclosing `age_over_18` alone (intent_to_retain false: the verifier keeps only the result).
 */
export const ageOver18Query = {
  credentials: [
    {
      id: AGE_CREDENTIAL_QUERY_ID,
      format: 'mso_mdoc',
      meta: { doctype_value: AGE_DOCTYPE },
      claims: [{ path: [AGE_NAMESPACE, AGE_OVER_18], intent_to_retain: false }],
    },
  ],
} as const;

/** The verifier's binding for a response endpoint: client_id `redirect_uri:<response_uri>`. */
export function bindingFor(responseUri: string, nonce: string): RequestBinding {
  return { clientId: `redirect_uri:${responseUri}`, responseUri, nonce };
}

/**
 * The OpenID4VP authorization request as the age-verification profile's same-device flow makes
 * it: passed by value in the wallet's URL (no signed request object, which the `redirect_uri`
 * client identifier prefix forbids), response_mode `direct_post` to our response endpoint, the
 * check's nonce, and the check's id as `state`. `walletUrl` is the wallet's authorization
 * endpoint (the profile's `av://authorize`, or the local test wallet's page).
 */
export async function authorizationRequestUrl(
  walletUrl: string,
  binding: RequestBinding,
  state: string,
): Promise<string> {
  // The library asks for https URLs; a development server answers on http://localhost, where
  // the library's process-wide switch is turned on (never by an https response endpoint).
  if (new URL(binding.responseUri).protocol === 'http:' && !getGlobalConfig().allowInsecureUrls) {
    setGlobalConfig({ ...getGlobalConfig(), allowInsecureUrls: true });
  }
  const { authorizationRequest } = await createOpenid4vpAuthorizationRequest({
    scheme: walletUrl,
    authorizationRequestPayload: {
      response_type: 'vp_token',
      response_mode: 'direct_post',
      client_id: binding.clientId,
      response_uri: binding.responseUri,
      nonce: binding.nonce,
      state,
      dcql_query: ageOver18Query,
      client_metadata: {
        vp_formats_supported: { mso_mdoc: { issuerauth_alg_values: [-7], deviceauth_alg_values: [-7] } },
      },
    },
    callbacks: {
      signJwt: () => Promise.reject(new Error('the age request is passed by value, never signed')),
      encryptJwe: () => Promise.reject(new Error('the age request is never encrypted')),
    },
  });
  return authorizationRequest;
}
