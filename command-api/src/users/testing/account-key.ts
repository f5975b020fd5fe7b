import { type AddressClaims, userKeyOfAddress } from '@nocturne/vault';

/** The key of the user stream an address's account writes to (its claim's, address-claims.ts). */
export async function accountKeyOf(
  system: { infra: { vault: AddressClaims }; config: { secret: string } },
  email: string,
): Promise<string> {
  return (await userKeyOfAddress(system.infra.vault, email, system.config.secret)).userKey;
}
