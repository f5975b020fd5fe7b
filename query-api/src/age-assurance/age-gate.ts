import type { IncomingHttpHeaders } from 'node:http';
import { AGE_ASSURANCE_OFF, assuranceRequired, regionOf, verifyAgeToken } from '@nocturne/http-kit/auth';
import { type Signer, visitorSubject } from '../images/signed-ref';
import type { QueryApiOptions } from '../options';

/** The header a visitor's age token travels in. */
export const AGE_TOKEN_HEADER = 'x-age-assurance';
/** What an answer that depends on the viewer's age assurance varies by. */
export const AGE_VARY = 'X-Age-Assurance, CF-IPCountry';

/**
 * How a viewer may see an Explicit story: `open` (no assurance is required where they are: as
 * any other story), `assured` (required and given: in full, its images signed for them, since an
 * <img> carries no header), or `gated` (required and not given: its card's words only, no image).
 */
export type ExplicitAccess = { kind: 'open' } | { kind: 'assured'; signer: Signer } | { kind: 'gated' };

export const OPEN: ExplicitAccess = { kind: 'open' };
export const GATED: ExplicitAccess = { kind: 'gated' };

/**
 * The age-assurance policy as the routes apply it to a request: whether the viewer's region
 * requires assurance (CF-IPCountry, believed only behind a trusted proxy) and whether the request
 * carries a visitor token that verifies. Synchronous and allocation-free for a request without
 * a token, so the hot lane can ask it on every visitor's list.
 */
export class AgeGate {
  readonly off: boolean;

  constructor(
    private readonly options: Pick<QueryApiOptions, 'ageAssurance' | 'trustRegionHeader' | 'secret'>,
  ) {
    this.off = (options.ageAssurance ?? AGE_ASSURANCE_OFF).mode === 'off';
  }

  /** Whether the request's viewer must be assured before anything explicit is sent. */
  requiredFor(headers: IncomingHttpHeaders): boolean {
    if (this.off) return false;
    const policy = this.options.ageAssurance ?? AGE_ASSURANCE_OFF;
    if (policy.mode === 'required') return true;
    return assuranceRequired(
      policy,
      regionOf(headers['cf-ipcountry'], this.options.trustRegionHeader === true),
    );
  }

  /** The signer of a visitor whose age token verifies, or null (no token, forged, expired). */
  visitorSigner(headers: IncomingHttpHeaders, now: Date): Signer | null {
    const verified = verifyAgeToken(this.options.secret, headers[AGE_TOKEN_HEADER], now);
    return verified ? { secret: this.options.secret, subject: visitorSubject(verified.id), now } : null;
  }

  /**
   * A visitor's access (no session): open where nothing is required, assured with a token that
   * verifies, gated otherwise.
   */
  visitorAccess(headers: IncomingHttpHeaders, now: Date): ExplicitAccess {
    if (!this.requiredFor(headers)) return OPEN;
    const signer = this.visitorSigner(headers, now);
    return signer ? { kind: 'assured', signer } : GATED;
  }
}
