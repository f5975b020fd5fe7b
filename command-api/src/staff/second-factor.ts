import { createHash, randomBytes } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@nocturne/domain';
import { generateURI, ScureBase32Plugin, verify } from 'otplib';

const base32 = new ScureBase32Plugin();
/** The authenticator apps' default period. */
const PERIOD_SECONDS = 30;

/**
 * A new TOTP secret: 160 random bits (RFC 4226's recommended length), in base32 as authenticator
 * apps take it. Drawn afresh at each opening of an invitation or re-enrolment link, sealed under
 * the member's key in the event and shown once: no server secret or event derives it, so
 * neither a leaked APP_SECRET nor the log gives it away.
 */
export function newTotpSecret(): string {
  return base32.encode(randomBytes(20));
}

/** What an authenticator app scans (or is typed from): the secret, labelled with the address. */
export function totpUri(secret: string, email: string): string {
  return generateURI({ issuer: 'Nocturne staff', label: email, secret });
}

/**
 * The time step `code` is valid at for `secret` (one step of clock drift either way), or null.
 * Steps at or before `afterTimeStep` are refused: each code opens one session.
 */
export async function totpStepOf(
  secret: string,
  code: string,
  now: Date,
  afterTimeStep?: number,
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const epoch = Math.floor(now.getTime() / 1000);
  const result = await verify({
    secret,
    token: code,
    epoch,
    epochTolerance: PERIOD_SECONDS,
    ...(afterTimeStep !== undefined && afterTimeStep >= 0 ? { afterTimeStep } : {}),
  });
  return result.valid ? Math.floor(epoch / PERIOD_SECONDS) + result.delta : null;
}

/** `xxxxx-xxxxx` in lower-case base32: easy to read out and type. */
const recoveryCodePattern = /^[a-z2-7]{5}-?[a-z2-7]{5}$/;

export const looksLikeRecoveryCode = (code: string) => recoveryCodePattern.test(code.trim().toLowerCase());

/** Recovery codes are stored as digests of their form without the dash. */
export function recoveryCodeDigest(code: string): string {
  const plain = code.trim().toLowerCase().replace('-', '');
  return createHash('sha256').update(`staff-recovery:${plain}`).digest('hex');
}

/** Ten fresh recovery codes (50 random bits each), shown once; events keep their digests. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const code = base32.encode(randomBytes(7)).toLowerCase().replace(/=+$/, '').slice(0, 10);
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}
