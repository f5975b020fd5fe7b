import { createHash } from 'node:crypto';

/**
 * The size of the library `npm run bench:scale` builds: `--scale 1` is the product that
 * succeeded (100,000 stories, 1,000,000 accounts, 10,000,000 events over 24 months); a smaller
 * scale shrinks every count alike, so a development run takes seconds.
 */
export interface ScaleShape {
  scale: number;
  stories: number;
  accounts: number;
  events: number;
  months: number;
  /** Events of the one account whose audit replay is measured. */
  heavyAccountEvents: number;
}

export function shapeOf(scale: number): ScaleShape {
  if (!(scale > 0 && scale <= 10)) throw new Error('--scale must be a number above 0 and at most 10');
  return {
    scale,
    stories: Math.max(200, Math.round(100_000 * scale)),
    accounts: Math.max(1_000, Math.round(1_000_000 * scale)),
    events: Math.max(20_000, Math.round(10_000_000 * scale)),
    months: 24,
    heavyAccountEvents: 10_000,
  };
}

/** A UUID (version 4 layout) derived from a name: the same library every run, ids the schemas accept. */
export function uuidOf(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex');
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The address of the n-th generated account (the admin's lookups ask for these). */
export const readerEmail = (n: number) => `reader${n}@scale.test`;
export const HEAVY_EMAIL = 'heavy-reader@scale.test';
export const storyIdOf = (n: number) => uuidOf(`story-${n}`);
