import type { CommandApiDeps } from '../deps';
import type { AgeCheckProvider } from './age-check-provider';
import { walletProvider } from './wallet/wallet-provider';

/** The providers checks can be started with, the wallet first: what the screen may offer. */
export function offeredProviders(
  deps: Pick<CommandApiDeps, 'options' | 'ageCheckProviders'>,
): AgeCheckProvider[] {
  const wallet = deps.options.ageWallet
    ? [walletProvider(deps.options.ageWallet, deps.options.publicUrl)]
    : [];
  return [...wallet, ...(deps.ageCheckProviders ?? [])];
}
