/**
 * The scroll geometry of the reader: each slide is given a scroll height of
 * 1.2 x the window height plus 120 px per sentence, sentences ending at ". ! ?".
 */
export const PX_PER_SENTENCE = 120;
export const VIEWPORT_FACTOR = 1.2;

/** Sentences of a text: runs ended by . ! or ? (a trailing fragment without one counts too). */
export function countSentences(text: string): number {
  return text.split(/[.!?]+/).filter((part) => part.trim().length > 0).length;
}

export function slideScrollHeight(text: string, windowHeight: number): number {
  return Math.round(VIEWPORT_FACTOR * windowHeight + PX_PER_SENTENCE * countSentences(text));
}

export interface ReaderLayout {
  /** Scroll offset where each slide starts. */
  starts: number[];
  heights: number[];
  /** Total scroll height of all slides (the end screen follows). */
  total: number;
}

export function readerLayout(texts: readonly string[], windowHeight: number): ReaderLayout {
  const heights = texts.map((t) => slideScrollHeight(t, windowHeight));
  const starts: number[] = [];
  let offset = 0;
  for (const h of heights) {
    starts.push(offset);
    offset += h;
  }
  return { starts, heights, total: offset };
}

/** Which slide a scroll position shows (0-based), and how far through it the reader is (0..1). */
export function slideAt(layout: ReaderLayout, scrollY: number): { index: number; progress: number } {
  const last = layout.starts.length - 1;
  if (last < 0) return { index: 0, progress: 0 };
  let index = 0;
  for (let i = 0; i <= last; i++) if (scrollY >= layout.starts[i]!) index = i;
  const progress = (scrollY - layout.starts[index]!) / layout.heights[index]!;
  return { index, progress: Math.min(1, Math.max(0, progress)) };
}
