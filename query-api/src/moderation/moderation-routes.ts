import {
  ADMIN_ROLES,
  mayReadPersonalData,
  QUEUE_AGES,
  type QueueAge,
  REPORT_REASONS,
} from '@nocturne/domain';
import { apiSchema, requireAdmin, StoryIdParams, storyIdFrom } from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { AdminPageQuery, adminCursor, adminPageFrom } from '../admin/admin-paging';
import type { QueryApiDeps } from '../deps';
import { adminSubject } from '../images/signed-ref';
import { staffNamer } from '../staff/staff-names';
import { moderationQueue } from './moderation-queue';
import { queueFilterFrom } from './queue-filter';
import { openWrittenTexts } from './written-texts';

const Reason = z.enum(REPORT_REASONS);
const QueueSchema = z.object({
  open: z.number().int().describe('Stories waiting for a decision (the Reports tab shows it)'),
  stories: z.array(
    z.object({
      story_id: z.string(),
      story: z
        .object({
          images: z.array(z.string()),
          texts: z.array(z.string()),
          isPremium: z.boolean(),
          tags: z.array(z.string()),
          warnings: z.array(z.string()),
        })
        .nullable(),
      hidden_reason: z.string().nullable(),
      reports: z.array(
        z.object({
          report_id: z.string(),
          reason: Reason,
          text: z
            .string()
            .nullable()
            .describe(
              "What the reporter wrote ('' for nothing); null once removed with the reporter's account",
            ),
          reporter_kind: z.enum(['member', 'visitor']),
          reported_at: z.string(),
        }),
      ),
      counts: z.record(z.string(), z.number().int()),
      urgent: z.number().int(),
      appeal: z
        .object({
          appeal_id: z.string(),
          text: z.string().nullable().describe("Null once removed with the publishing account's erasure"),
          appealed_at: z.string(),
        })
        .nullable(),
      waiting_since: z.string(),
    }),
  ),
  hidden: z
    .array(z.object({ story_id: z.string(), title: z.string(), hidden_reason: z.string() }))
    .describe(
      "Stories hidden now with nothing open on them, to restore or delete: the pages after the queue's",
    ),
});

const QueueQuery = AdminPageQuery.extend({
  reason: Reason.optional().describe(
    'Only the stories with an open report of this reason (and no hidden ones)',
  ),
  age: z
    .enum(Object.keys(QUEUE_AGES) as [QueueAge, ...QueueAge[]])
    .optional()
    .describe(
      'Only the stories whose oldest open report or appeal has waited at least this long (and no hidden ones)',
    ),
});

const queueDoc = apiSchema({
  summary:
    'The moderation queue: open reports and appeals grouped by story, most urgent first, then the hidden stories; a page at a time, by reason and age (moderation)',
  tags: ['moderation', 'admin'],
  security: ['admin'],
  querystring: QueueQuery,
  ok: {
    200: {
      description:
        'At most a page of stories: the queue first, then the hidden ones (X-Next-Cursor when more follow)',
      schema: QueueSchema,
    },
  },
  errors: {
    400: 'A limit that is not 1 to 100, a cursor this server did not give, a reason that is not a report reason, or an age that is not 1h, 24h or 7d',
    401: 'No X-Admin-Code, or a wrong or expired one',
  },
});

const HistorySchema = z.object({
  story_id: z.string(),
  hidden_reason: z.string().nullable(),
  decisions: z.array(
    z.object({
      action: z.enum(['dismiss', 'hide', 'restore', 'delete']),
      reason: z
        .string()
        .describe("The stated reason; empty for an admin's plain delete (DELETE /api/stories/{id})"),
      decided_by: z
        .string()
        .describe(
          'Who decided, by name and role: "the owner (Owner)", or the staff member (their address for the owner and admins, the start of their staff id for the others) and role',
        ),
      decided_by_staff_id: z.string().nullable().describe('The staff member who decided; null for the owner'),
      decided_by_role: z.enum(ADMIN_ROLES).nullable().describe('Their role now; null when unknown'),
      decided_at: z.string(),
      reports_closed: z.number().int(),
      appeal_closed: z.boolean(),
    }),
  ),
  reports: z.array(
    z.object({
      reason: Reason,
      text: z
        .string()
        .nullable()
        .describe("What the reporter wrote ('' for nothing); null once removed with the reporter's account"),
      reported_at: z.string(),
      outcome: z.string().nullable(),
    }),
  ),
  appeals: z.array(
    z.object({
      text: z.string().nullable().describe("Null once removed with the publishing account's erasure"),
      appealed_at: z.string(),
      outcome: z.string().nullable(),
    }),
  ),
});

const historyDoc = apiSchema({
  summary:
    "A story's moderation history: every report, appeal and decision, with who decided and why (moderation)",
  tags: ['moderation', 'admin'],
  security: ['admin'],
  params: StoryIdParams,
  ok: { 200: { description: 'Oldest first (an unknown story has none)', schema: HistorySchema } },
  errors: { 401: 'No X-Admin-Code, or a wrong or expired one' },
});

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * GET /api/admin/reports: the moderation queue and then the hidden stories, a page at a time
 * (`?limit=`, `?cursor=` from X-Next-Cursor; `?reason=`, `?age=` narrow the queue;
 * query-api/src/moderation/moderation-queue.ts), never
 * cached. GET /api/admin/stories/{id}/moderation: the story's history for the panel and the
 * audit: every decision and removal, with the staff member who made it and why.
 */
export const moderationRoutes: FastifyPluginAsync<QueryApiDeps> = async (app, deps) => {
  app.get('/api/admin/reports', { schema: queueDoc }, async (request, reply) => {
    const admin = requireAdmin(request);
    const page = adminPageFrom(request.query, 3);
    const filter = queueFilterFrom(request.query);
    const { next, ...answer } = await moderationQueue(
      deps.db,
      deps.vault,
      { secret: deps.options.secret, subject: adminSubject(admin.session), now: deps.clock() },
      page,
      filter,
    );
    if (next) reply.header('X-Next-Cursor', adminCursor(next));
    reply.header('Cache-Control', 'private, no-store');
    return answer;
  });

  app.get('/api/admin/stories/:id/moderation', { schema: historyDoc }, async (request, reply) => {
    const admin = requireAdmin(request);
    const id = storyIdFrom(request.params);
    const [story, decisions, reports, appeals] = await Promise.all([
      deps.db.selectFrom('stories').select('hidden_reason').where('id', '=', id).executeTakeFirst(),
      deps.db
        .selectFrom('moderation_decisions')
        .selectAll()
        .where('story_id', '=', id)
        .orderBy('position')
        .execute(),
      deps.db
        .selectFrom('moderation_reports')
        .selectAll()
        .where('story_id', '=', id)
        .orderBy('position')
        .execute(),
      deps.db
        .selectFrom('moderation_appeals')
        .selectAll()
        .where('story_id', '=', id)
        .orderBy('position')
        .execute(),
    ]);
    const texts = await openWrittenTexts(
      deps.vault,
      [...reports, ...appeals].map((row) => row.text),
    );
    const deciderOf = await staffNamer(
      deps.db,
      decisions.map((row) => row.decided_by),
      mayReadPersonalData(admin.role),
    );
    reply.header('Cache-Control', 'private, no-store');
    return {
      story_id: id,
      hidden_reason: story?.hidden_reason ?? null,
      decisions: decisions.map((row) => {
        const decider = deciderOf(row.decided_by);
        return {
          action: row.action as 'dismiss' | 'hide' | 'restore' | 'delete',
          reason: row.reason,
          decided_by: decider?.name ?? `the ${String(row.decided_by.kind)}`,
          decided_by_staff_id: decider?.staff_id ?? null,
          decided_by_role: decider?.role ?? null,
          decided_at: iso(row.decided_at),
          reports_closed: row.reports_closed,
          appeal_closed: row.appeal_closed,
        };
      }),
      reports: reports.map((row, i) => ({
        reason: row.reason as (typeof REPORT_REASONS)[number],
        text: texts[i] ?? null,
        reported_at: iso(row.reported_at),
        outcome: row.outcome,
      })),
      appeals: appeals.map((row, i) => ({
        text: texts[reports.length + i] ?? null,
        appealed_at: iso(row.appealed_at),
        outcome: row.outcome,
      })),
    };
  });
};
