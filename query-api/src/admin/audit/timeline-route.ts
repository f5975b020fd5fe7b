import { mayReadPersonalData } from '@nocturne/domain';
import { apiSchema, HttpError, requireAdmin } from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { QueryApiDeps } from '../../deps';
import { requireAddressReader } from '../address-lookups';
import { accountTimeline } from './account-timeline';
import { storyTextsOf } from './story-texts';

const Query = z.object({
  email: z.string().trim().min(1).max(320).optional(),
  account: z.uuid('account must be an account id (a UUID)').optional(),
  as_of: z.iso.datetime({ offset: true }).optional(),
});

const Row = z.object({
  at: z.string(),
  position: z.number(),
  event: z.string(),
  amount: z.number().nullable(),
  discount: z.number().nullable(),
  transaction_id: z.string().nullable(),
  payment_method: z.string().nullable(),
  stories: z.number().nullable(),
  story_id: z.string().nullable(),
  assurance_method: z.string().nullable().describe('An AgeAssured: wallet or hosted'),
  assurance_provider: z
    .string()
    .nullable()
    .describe('An AgeAssured: which provider (local-wallet, yoti, ...)'),
  assured_until: z.string().nullable().describe('An AgeAssured: when it expires'),
  by: z.string(),
  staff_id: z.string().nullable(),
});

const Timeline = z.object({
  account: z.string(),
  erased: z.boolean(),
  email: z.string().nullable(),
  as_of: z.string(),
  rows: z.array(Row),
  state: z.object({
    registered: z.boolean(),
    deleted: z.boolean(),
    verified: z.boolean(),
    premium: z.boolean(),
    stories_remaining: z.number(),
    stories_unlocked: z.array(z.string()),
  }),
  story_texts: z
    .record(z.string(), z.string())
    .describe(
      'The first text of each story the rows and the state name, by id (none for a story deleted or unpublished since): the console names a story by it',
    ),
});

const timelineDoc = apiSchema({
  summary: "An account's money and access history, and its state as of an instant (auditor, admin, owner)",
  tags: ['admin'],
  security: ['admin'],
  querystring: Query,
  ok: { 200: { description: 'The whole timeline and the state at as_of (default: now)', schema: Timeline } },
  errors: {
    400: 'Neither or both of email and account, a malformed account id, or as_of not an ISO date-time with an offset',
    401: 'No X-Admin-Code, or a wrong or expired one',
    403: 'The role may not read account histories, or asks by address without reading addresses (the auditor asks by account id)',
    404: 'No account: the address never had one (or its account was erased: ask by account id), or no account has this id',
  },
});

/**
 * GET /api/admin/audit/timeline?email=|account=[&as_of=]: the console's account timeline. By
 * address for a live account (the roles that read addresses only); by account id for any, an
 * erased one included (whose address is gone with its key: it is never matched to an address
 * again).
 */
export const auditTimelineRoutes: FastifyPluginAsync<QueryApiDeps> = async (app, deps) => {
  app.get('/api/admin/audit/timeline', { schema: timelineDoc }, async (request) => {
    const admin = requireAdmin(request);
    const parsed = Query.safeParse(request.query);
    if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Bad query');
    const { email, account, as_of } = parsed.data;
    if ((email === undefined) === (account === undefined))
      throw new HttpError(400, 'Give either email or account, not both');
    if (email !== undefined) requireAddressReader(admin.role);
    const now = deps.clock();
    const asOf = as_of ? new Date(as_of) : now;
    const timeline = await accountTimeline(
      {
        store: deps.store,
        vault: deps.vault,
        db: deps.db,
        readsPersonalData: mayReadPersonalData(admin.role),
      },
      account !== undefined ? { accountId: account } : { email: email! },
      asOf,
      now,
    );
    if (!timeline)
      throw new HttpError(404, email !== undefined ? 'No account for this address' : 'No such account');
    return { ...timeline, story_texts: await storyTextsOf(deps.db, timeline) };
  });
};
