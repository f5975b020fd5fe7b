import { seededRandom } from '@nocturne/test-kit/seeded-random';

/**
 * Realistic story texts for the search bench: English sentences whose words follow a Zipf-like
 * law (a few words everywhere, a long tail in a handful of stories), deterministic from a seed.
 */

/** The frequent words, most frequent first (stop words are mixed in separately). */
const COMMON = `night moon light shadow door window house street city river sea shore storm rain
wind fire candle lantern mirror letter voice hand eyes face heart breath silence dream memory
garden forest road bridge train station room stair kitchen bed book song music dance party
stranger friend lover sister brother mother father child king queen soldier doctor painter
sailor widow witch ghost wolf raven cat horse snow winter summer autumn spring morning evening
dawn dusk midnight hour minute year promise secret lie truth kiss touch whisper laugh tear blood
wine bread coffee tea smoke dust glass silver gold stone iron velvet silk linen rose lily ivy
salt ash bone feather thread needle knife key lock map compass clock bell ship harbour island
mountain valley field meadow orchard well tower castle church chapel market inn tavern library
walk run wait watch listen remember forget leave return open close burn break fall rise turn
hold carry find lose follow hide wake sleep sing write read paint kneel climb drown breathe
dark bright cold warm quiet loud old young slow quick lonely gentle bitter sweet strange
familiar distant narrow broken hollow heavy pale red blue green black white grey golden wild`
  .split(/\s+/)
  .filter(Boolean);

const STOP_WORDS = ['the', 'a', 'of', 'and', 'to', 'in', 'her', 'his', 'with', 'was', 'on', 'at'];

const SYLLABLES = `ar bel cor dan el fen gar hol is jor kal len mir nor ol par quin ros sel tor ul
ven wil yar zen bra cle dro fla gri ka lu mo ny pe ri sa ti vo`
  .split(/\s+/)
  .filter(Boolean);

/** The long tail: made-up words of three syllables (names, places, rare things), 3,000 of them. */
function tailWords(): string[] {
  const words = new Set<string>();
  const next = seededRandom(7);
  const pick = () => SYLLABLES[Math.floor(next() * SYLLABLES.length)]!;
  while (words.size < 3000) words.add(`${pick()}${pick()}${pick()}`);
  return [...words];
}

export const VOCABULARY: readonly string[] = [...COMMON, ...tailWords()];

/** The vocabulary's most frequent word and one of its rarest (the bench's "common" and "rare"). */
export const COMMON_WORD = VOCABULARY[0]!;
export const RARE_WORD = VOCABULARY[VOCABULARY.length - 2]!;

export const TAGS: readonly string[] = [
  'romance',
  'mystery',
  'horror',
  'fantasy',
  'science fiction',
  'ghost story',
  'slow burn',
  'historical',
  'gothic',
  'adventure',
  'comedy',
  'tragedy',
  'fairy tale',
  'noir',
  'thriller',
  'magic',
  'sea voyage',
  'revenge',
  'first love',
  'found family',
  'enemies to lovers',
  'small town',
  'road trip',
  'coming of age',
  'heist',
];

/** Zipf-Mandelbrot offset: the top words are frequent, not in every sentence. */
const OFFSET = 20;

/** The word of rank k comes with a chance about proportional to 1/(k + OFFSET) (Zipf's law). */
function zipfWord(next: () => number): string {
  const x = OFFSET * ((VOCABULARY.length + OFFSET) / OFFSET) ** next();
  return VOCABULARY[Math.min(Math.floor(x - OFFSET), VOCABULARY.length - 1)]!;
}

function sentence(next: () => number): string {
  const length = 6 + Math.floor(next() * 9);
  const words = Array.from({ length }, (_, i) =>
    i > 0 && next() < 0.35 ? STOP_WORDS[Math.floor(next() * STOP_WORDS.length)]! : zipfWord(next),
  );
  const text = words.join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/** One story's slide texts (3 to 8 slides of 1 to 3 sentences) and tags (0 to 4), from its seed. */
export function storyTexts(seed: number): { texts: string[]; tags: string[] } {
  const next = seededRandom(seed);
  const slides = 3 + Math.floor(next() * 6);
  const texts = Array.from({ length: slides }, () =>
    Array.from({ length: 1 + Math.floor(next() * 3) }, () => sentence(next)).join(' '),
  );
  const tags = new Set<string>();
  const tagCount = Math.floor(next() * 5);
  while (tags.size < tagCount) tags.add(TAGS[Math.floor(next() * TAGS.length)]!);
  return { texts, tags: [...tags] };
}
