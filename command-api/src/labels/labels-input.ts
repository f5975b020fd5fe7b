import { type ContentWarningId, isContentWarning, labelMessages, normaliseTag } from '@nocturne/domain';
import { HttpError } from '@nocturne/http-kit';
import { z } from 'zod';

/** A story's labels as a JSON body sends them (the admin's edit). */
export const LabelsBody = z.object({
  tags: z.array(z.string()).describe('Curated tags (GET /api/tags), at most 8'),
  warnings: z.array(z.string()).describe('Content warning ids (GET /api/tags)'),
});

/** Tags as a person typed them: normalised, blanks dropped, the first of repeats kept. */
export function normaliseTags(raw: readonly string[]): string[] {
  return [...new Set(raw.map(normaliseTag).filter(Boolean))];
}

/** Warnings as sent: each must be one of the fixed list (400 naming the first that is not). */
export function contentWarningsFrom(raw: readonly string[]): ContentWarningId[] {
  const ids = [...new Set(raw.map((w) => w.trim()).filter(Boolean))];
  const unknown = ids.find((id) => !isContentWarning(id));
  if (unknown !== undefined) throw new HttpError(400, labelMessages.unknownWarning(unknown));
  return ids as ContentWarningId[];
}
