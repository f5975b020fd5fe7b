import type { RefusalReason } from './age-verifier';

/** How a check was answered, for the metrics (`onAgeCheckAnswered`). */
export type AgeCheckOutcome =
  | { outcome: 'assured'; method: 'wallet' | 'hosted'; provider: string }
  | { outcome: 'refused'; reason: RefusalReason | string };
