import { mayReadPersonalData } from '@nocturne/domain';
import { apiSchema, HttpError, requireAdmin } from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { QueryApiDeps } from '../../deps';
import { staffNamer } from '../../staff/staff-names';
import { replayUserHistory } from './replay-user-history';

const Params = z.object({ email: z.string().trim().min(1).max(320) });
const Query = z.object({ as_of: z.iso.datetime({ offset: true }).optional() });

const historyDoc = apiSchema({
  summary: "A user's premium timeline from the event store, and the state as of a time (admin)",
  tags: ['admin'],
  security: ['admin'],
  params: Params,
  querystring: Query,
  ok: {
    200: { description: 'The timeline and the state', schema: z.object({ found: z.literal(true) }).loose() },
  },
  errors: {
    400: 'as_of is not an ISO date-time with an offset',
    401: 'No X-Admin-Code, or a wrong or expired one',
    404: 'No history for this user: the address never had an account, or its account was deleted (erased)',
  },
});

/**
 * GET /api/admin/users/{email}/history[?as_of=<ISO time>]: the audit replay of one user, from
 * the event store, each entry with `by`, who acted by name and role. 404 when the address never
 * had an account, or its account is deleted. For the roles that read addresses (the role table).
 */
export const userHistoryRoutes: FastifyPluginAsync<QueryApiDeps> = async (app, deps) => {
  app.get('/api/admin/users/:email/history', { schema: historyDoc }, async (request) => {
    const admin = requireAdmin(request);
    const { email } = Params.parse(request.params);
    const query = Query.parse(request.query);
    const asOf = query.as_of ? new Date(query.as_of) : deps.clock();
    const history = await replayUserHistory({ store: deps.store, vault: deps.vault }, email, asOf);
    if (!history.found) {
      throw new HttpError(404, 'No history for this user');
    }
    // Erasure is complete: the panel shows nothing of a deleted account.
    if (history.erased) {
      throw new HttpError(404, 'No history for this user: the account was deleted and its data erased');
    }
    // Each entry names who acted as every staff view does: the staff member and role, or the owner.
    const named = await staffNamer(
      deps.db,
      history.timeline.map((entry) => entry.actor),
      mayReadPersonalData(admin.role),
    );
    return {
      ...history,
      timeline: history.timeline.map((entry) => ({ ...entry, by: named(entry.actor)?.name ?? entry.who })),
    };
  });
};
