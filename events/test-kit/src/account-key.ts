import { type AddressClaims, userKeyOfAddress } from '@nocturne/vault';

/**
 * The key of the user stream an address's account writes to: its claim in the vault (a new
 * account's key is random, so tests cannot derive it from the address).
 *
 * @example
 *   const stream = streams.user(await accountKeyOf(system.infra.vault, email));
 */
export async function accountKeyOf(vault: AddressClaims, email: string): Promise<string> {
  return (await userKeyOfAddress(vault, email)).userKey;
}
