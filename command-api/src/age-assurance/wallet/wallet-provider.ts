import type { AgeCheckProvider } from '../age-check-provider';
import { authorizationRequestUrl, bindingFor } from './authorization-request';

/** The wallet method's settings (AGE_WALLET*, or the local wallet that `npm start` runs). */
export interface AgeWalletSettings {
  /** `eudi-wallet` (the age-verification app of the EU blueprint), or `local-wallet` (the test wallet). */
  provider: 'eudi-wallet' | 'local-wallet';
  /** The wallet's authorization endpoint the browser is sent to (`av://authorize`, or the local wallet's page). */
  walletUrl: string;
  /** The trust list: the issuers' certificates (DER), roots or document signers. */
  trustedCertificates: readonly Uint8Array[];
}

/** Where wallets post their answers (OpenID4VP response_uri): one endpoint for every check. */
export const responseUriOf = (publicUrl: string) =>
  `${publicUrl.replace(/\/+$/, '')}/api/age-assurance/responses`;

/** The OpenID4VP wallet as a provider: the browser goes to the wallet with the check's request. */
export function walletProvider(settings: AgeWalletSettings, publicUrl: string): AgeCheckProvider {
  return {
    method: 'wallet',
    provider: settings.provider,
    label: settings.provider === 'local-wallet' ? 'Test age wallet (local)' : 'EU age verification app',
    start: async ({ checkId, nonce }) => ({
      redirect: await authorizationRequestUrl(
        settings.walletUrl,
        bindingFor(responseUriOf(publicUrl), nonce),
        checkId,
      ),
      reference: null,
    }),
  };
}
