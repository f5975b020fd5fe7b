/**
 * The age-verification attestation of the EU blueprint: an ISO mdoc of this document type, whose
 * namespace (the same name) holds `age_over_18` as a boolean. Nothing else is asked for.
 */
export const AGE_DOCTYPE = 'eu.europa.ec.av.1';
export const AGE_NAMESPACE = 'eu.europa.ec.av.1';
export const AGE_OVER_18 = 'age_over_18';
/** The id of the one credential query in the DCQL query; the vp_token answers under it. */
export const AGE_CREDENTIAL_QUERY_ID = 'age_over_18';

/** What binds a presentation to one request: OpenID4VP's client_id, response_uri and nonce. */
export interface RequestBinding {
  clientId: string;
  responseUri: string;
  nonce: string;
}
