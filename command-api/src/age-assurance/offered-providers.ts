import type { CommandApiDeps } from '../deps';
import type { AgeCheckProvider } from './age-check-provider';
import { hostedCheckProvider } from './hosted/hosted-check-provider';
import { walletProvider } from './wallet/wallet-provider';

/** The providers checks can be started with, the wallet first: what the screen may offer. */
export function offeredProviders(deps: Pick<CommandApiDeps, 'options' | 'ageHosted'>): AgeCheckProvider[] {
  const { ageWallet, publicUrl } = deps.options;
  return [
    ...(ageWallet ? [walletProvider(ageWallet, publicUrl)] : []),
    ...(deps.ageHosted ? [hostedCheckProvider(deps.ageHosted, publicUrl)] : []),
  ];
}
