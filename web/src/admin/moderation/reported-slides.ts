/**
 * The slide numbers a report's text names ("slide 3", "slides 2 and 4", "the 5th slide" is not
 * read), within the story's slides, in order and once each.
 */
export function reportedSlides(texts: readonly string[], slideCount: number): number[] {
  const found = new Set<number>();
  for (const text of texts) {
    for (const match of text.matchAll(/\bslides?\s+((?:\d+(?:\s*(?:,|and|&|-)\s*)?)+)/gi)) {
      for (const number of match[1]!.matchAll(/\d+/g)) {
        const slide = Number(number[0]);
        if (slide >= 1 && slide <= slideCount) found.add(slide);
      }
    }
  }
  return [...found].sort((a, b) => a - b);
}
