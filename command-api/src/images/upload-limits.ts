/** Upload limits. */
export const MAX_IMAGE_BYTES = 15 * 1024 * 1024;
export const MAX_IMAGE_PIXELS = 40_000_000;
/** Formats accepted, by their sniffed bytes (never by name or declared type). */
export const ACCEPTED_FORMATS = ['jpg', 'png', 'webp', 'gif', 'avif'] as const;
