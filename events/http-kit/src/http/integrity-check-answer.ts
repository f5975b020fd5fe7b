/** The integrity checks' route schemas, shared by command-api (start) and query-api (poll). */
import { INTEGRITY_CHECKS } from '@nocturne/domain';
import { z } from 'zod';

export const IntegrityKindParams = z.object({
  kind: z
    .enum(INTEGRITY_CHECKS)
    .describe('`log`: the hash chain of the event log; `read-models`: the read models against a rebuild'),
});

/** One check's state, progress and outcome (the same answer as GET /api/admin/integrity/{kind}). */
export const IntegrityCheckAnswer = z.object({
  kind: z.enum(INTEGRITY_CHECKS),
  state: z.enum(['never', 'running', 'done', 'failed']),
  phase: z.string().nullable().describe('hashing, projecting or comparing, while running'),
  done: z.number().int(),
  total: z.number().int(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  outcome: z
    .object({
      ok: z.boolean().describe('The log is intact, or the read models equal their rebuild'),
      summary: z.string(),
      position: z
        .number()
        .int()
        .describe('Intact or equal through this position, or the first one that is not'),
      head_hash: z.string().nullable().describe("The log's head hash (hex), to note and compare later"),
      differences: z.array(
        z.object({
          table: z.string(),
          key: z.string(),
          column: z.string(),
          live: z.string(),
          rebuilt: z.string(),
        }),
      ),
    })
    .nullable(),
  error: z.string().nullable(),
});
