/** The longest alt text a creator may write for a slide's image. */
export const MAX_ALT_CHARS = 250;

export const altTextMessages = {
  tooLong: `Each image description can be at most ${MAX_ALT_CHARS} characters.`,
} as const;

/** The alt texts a creator sent (one per slide, '' for none): the message that refuses them, or null. */
export function altTextsProblem(alts: readonly string[]): string | null {
  return alts.some((alt) => alt.trim().length > MAX_ALT_CHARS) ? altTextMessages.tooLong : null;
}

/** A slide's alt text as stored: trimmed, and absent rather than empty. */
export function writtenAlt(alt: string | undefined): { alt?: string } {
  const trimmed = alt?.trim();
  return trimmed ? { alt: trimmed } : {};
}

/** Where an alt text made from the slide's text stops when its first sentence runs on. */
const FALLBACK_ALT_CHARS = 150;

/**
 * What a screen reader reads for a slide's image: the alt text its creator wrote, or, when they
 * wrote none (and for every slide made before alt text could be written), the first sentence of
 * the slide's text, cut at a word near 150 characters, so the image is never announced as nothing.
 */
export function slideAltText(text: string, written?: string | null): string {
  const alt = written?.trim();
  if (alt) return alt;
  const flat = text.replace(/\s+/g, ' ').trim();
  const sentence = /^.*?[.!?…](?=\s|$)/u.exec(flat)?.[0] ?? flat;
  if (sentence.length <= FALLBACK_ALT_CHARS) return sentence;
  const cut = sentence.slice(0, FALLBACK_ALT_CHARS);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > 0 ? cut.slice(0, lastSpace) : cut).replace(/[,;:]$/, '')}…`;
}
