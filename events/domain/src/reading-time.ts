import { countWords } from './slides';

/** Words an adult reads in a minute, the usual estimate for silent reading of prose. */
export const WORDS_PER_MINUTE = 230;

/**
 * A story's estimated reading time in whole minutes: the words of all its texts at 230 a
 * minute, rounded up, and never under 1 (a story of pictures still takes a moment).
 */
export function readingMinutes(texts: readonly string[]): number {
  const words = texts.reduce((sum, text) => sum + countWords(text), 0);
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}
