/**
 * Whether viewers must be assured to be adults before anything explicit is sent to them:
 * `off` (never), `required` (everywhere), or `by-region` (in the listed regions, and wherever the
 * region is not known).
 */
export interface AgeAssurancePolicy {
  mode: 'off' | 'required' | 'by-region';
  /** ISO 3166-1 alpha-2 codes, upper case: where `by-region` requires assurance. */
  regions: readonly string[];
  /** How long an assurance holds, in days. */
  validityDays: number;
}

export const AGE_ASSURANCE_OFF: AgeAssurancePolicy = { mode: 'off', regions: [], validityDays: 365 };

/**
 * Whether a viewer from `region` (an ISO 3166-1 alpha-2 code as a trusted proxy reported it, or
 * null when none did) must be assured. A region not known counts as one that requires it.
 */
export function assuranceRequired(policy: AgeAssurancePolicy, region: string | null | undefined): boolean {
  if (policy.mode === 'off') return false;
  if (policy.mode === 'required') return true;
  if (!region || !/^[A-Za-z]{2}$/.test(region)) return true;
  return policy.regions.includes(region.toUpperCase());
}

/**
 * The viewer's region from the `CF-IPCountry` header, believed only behind a trusted proxy
 * (anyone can send the header to a server reached directly); null when absent or not believed.
 * Cloudflare's `XX` (unknown) and `T1` (Tor) name no country: null too.
 */
export function regionOf(header: string | string[] | undefined, trustProxy: boolean): string | null {
  if (!trustProxy || typeof header !== 'string') return null;
  const code = header.trim().toUpperCase();
  return /^[A-Z]{2}$/.test(code) && code !== 'XX' ? code : null;
}
