import { z } from 'zod';

/**
 * A reader's relation to one story: the answer of GET /api/stories/{id}/progress (query-api) and
 * of each reading command (command-api), declared once for both.
 */
export const ReadingAnswer = z.object({
  slide: z.number().int().nullable().describe('The slide to resume at (0-based); null before any'),
  finished: z.boolean(),
  saved: z.boolean(),
});
