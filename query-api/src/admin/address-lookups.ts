import { type AdminRole, mayReadPersonalData } from '@nocturne/domain';
import { HttpError } from '@nocturne/http-kit';

/** Why a role that reads no addresses may not look an account up by one. */
export const addressLookupRefused =
  'Only the roles that manage users look accounts up by address; find an account by its id instead';

/**
 * Looking an account up by its address is for the roles that read addresses: a role that sees
 * them only as "sealed" (the auditor) would otherwise learn, from a found or not found, whether
 * an address has an account. Refused before anything is read, so every address is answered
 * alike.
 */
export function requireAddressReader(role: AdminRole): void {
  if (!mayReadPersonalData(role)) throw new HttpError(403, addressLookupRefused);
}
