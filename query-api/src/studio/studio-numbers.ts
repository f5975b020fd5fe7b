/** One story's numbers as the studio shows them. */
export interface StudioStory {
  id: string;
  /** The opening words of its first text: the studio's name for it. */
  title: string;
  isPremium: boolean;
  slides: number;
  views: number;
  likes: number;
  /** Logged-in readers who opened it (a reading position or a finish). */
  readers: number;
  /** Readers who reached The End. */
  finished: number;
  /** Per slide, how many of those readers reached it (a finish reaches every slide). */
  reached: number[];
}

export interface ReaderRow {
  story_id: string;
  max_slide: number;
  finished: boolean;
}

/** Readers, finishes and the reach per slide of one story, from its readers' rows. */
export function reachOf(rows: readonly ReaderRow[], slides: number) {
  const reached = Array.from({ length: slides }, () => 0);
  let finished = 0;
  for (const row of rows) {
    if (row.finished) finished += 1;
    const furthest = row.finished ? slides - 1 : Math.min(row.max_slide, slides - 1);
    for (let slide = 0; slide <= furthest; slide++) reached[slide]! += 1;
  }
  return { readers: rows.length, finished, reached };
}

/** The `days` days up to and including `today` (YYYY-MM-DD, UTC), oldest first. */
export function lastDays(today: Date, days: number): string[] {
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: days }, (_, i) =>
    new Date(end - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}
