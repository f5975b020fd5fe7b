import { mayReadPersonalData } from '@nocturne/domain';
import { streams } from '@nocturne/events';
import { type EventLogBrowser, MAX_BROWSE_PAGE } from '@nocturne/events/store';
import { apiSchema, HttpError, requireAdmin } from '@nocturne/http-kit';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { QueryApiDeps } from '../../deps';
import { type ActorRef, staffNamer } from '../../staff/staff-names';
import { type ShownEvent, shownEvents } from './shown-event';

/** The stream categories of the log, from the one list of stream names (`user`, `story`, ...). */
export const STREAM_CATEGORIES = [
  ...new Set(
    Object.values(streams).map((name) => (name as (...ids: string[]) => string)('x', 'x').split('-')[0]!),
  ),
];

const Limit = z.coerce.number().int().min(1).max(MAX_BROWSE_PAGE).default(50);
const Position = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const Time = z.iso.datetime({ offset: true });

const StreamsQuery = z.object({
  category: z.enum(STREAM_CATEGORIES as [string, ...string[]]).default('user'),
  after: z.string().min(1).max(300).optional(),
  limit: Limit,
});
const StreamParams = z.object({ stream: z.string().min(1).max(300) });
const StreamEventsQuery = z.object({
  before: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  limit: Limit,
});
const EventsQuery = z.object({
  /** One or more event types, comma-separated. */
  type: z
    .string()
    .max(2000)
    .regex(/^[A-Za-z0-9_,]*$/, 'type must be event type names separated by commas')
    .optional(),
  from: Time.optional(),
  to: Time.optional(),
  before: Position.optional(),
  limit: Limit,
});
const EventParams = z.object({ position: Position });
/** As long as a correlation id may be (commandContext's cap); the router refuses longer paths. */
const CorrelationParams = z.object({ correlationId: z.string().min(1).max(100) });

const Event = z.object({
  position: z.number(),
  stream: z.string(),
  version: z.number(),
  type: z.string(),
  event_id: z.string(),
  recorded_at: z.string(),
  data: z.unknown(),
  actor: z.unknown(),
  by: z
    .string()
    .nullable()
    .describe(
      "Who acted in an admin session, by name and role (as the actor's staff id names them); null for anyone else",
    ),
  session: z.string().nullable(),
  correlation_id: z.string().nullable(),
  causation_id: z.string().nullable(),
  schema_version: z.number().nullable(),
});
const EventPage = z.object({ events: z.array(Event), next: z.number().nullable() });

const errors = {
  400: 'A malformed query: an unknown category, a limit outside 1 to 200, a bad cursor or time',
  401: 'No X-Admin-Code, or a wrong or expired one',
  403: 'The role may not read the event log',
};
const doc = (
  summary: string,
  parts: Record<string, unknown>,
  ok: { description: string; schema: z.ZodType },
  more: Record<number, string> = {},
  badQuery = true,
) => {
  const { 400: badQueryDoc, ...others } = errors;
  return apiSchema({
    summary,
    tags: ['admin'],
    security: ['admin'],
    ...parts,
    ok: { 200: ok },
    errors: { ...(badQuery ? { 400: badQueryDoc } : {}), ...others, ...more },
  });
};

function parsed<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new HttpError(400, issue ? `${issue.path.join('.') || 'query'}: ${issue.message}` : 'Bad query');
  }
  return result.data;
}

/**
 * The console's event browser, read-only: streams by category, a stream's events and the global
 * log (by type and time) newest first, paged by position, one event, and every event one request
 * caused (its correlation id). Personal fields are "sealed" unless the role may read them.
 */
export const eventBrowserRoutes: FastifyPluginAsync<QueryApiDeps> = async (app, deps) => {
  const browserFor = (request: FastifyRequest): { log: EventLogBrowser; readsPersonal: boolean } => {
    const admin = requireAdmin(request);
    return { log: deps.logBrowser, readsPersonal: mayReadPersonalData(admin.role) };
  };
  /** The events as shown, each naming the staff member (or the owner) who caused it. */
  const shown = async (events: Parameters<typeof shownEvents>[0], readsPersonal: boolean) => {
    const page = await shownEvents(events, deps.vault, readsPersonal);
    const actorOf = (event: ShownEvent) => (event.actor ?? {}) as ActorRef;
    const named = await staffNamer(deps.db, page.map(actorOf), readsPersonal);
    return page.map((event) => ({ ...event, by: named(actorOf(event))?.name ?? null }));
  };

  app.get(
    '/api/admin/audit/streams',
    {
      schema: doc(
        'The streams of one category, by name (auditor, admin, owner)',
        { querystring: StreamsQuery },
        {
          description: 'A page of streams, and the cursor of the next (after=)',
          schema: z.object({
            categories: z.array(z.string()),
            streams: z.array(z.object({ name: z.string(), events: z.number() })),
            next: z.string().nullable(),
          }),
        },
      ),
    },
    async (request) => {
      const { log } = browserFor(request);
      const query = parsed(StreamsQuery, request.query);
      const page = await log.streams(query.category, query.after ?? null, query.limit);
      return {
        categories: STREAM_CATEGORIES,
        streams: page.items.map((s) => ({ name: s.name, events: s.revision + 1 })),
        next: page.next,
      };
    },
  );

  app.get(
    '/api/admin/audit/streams/:stream/events',
    {
      schema: doc(
        "A stream's events, newest first (auditor, admin, owner)",
        { params: StreamParams, querystring: StreamEventsQuery },
        {
          description: 'A page of events, and the version the next page starts below (before=)',
          schema: EventPage,
        },
      ),
    },
    async (request) => {
      const { log, readsPersonal } = browserFor(request);
      const { stream } = parsed(StreamParams, request.params);
      const query = parsed(StreamEventsQuery, request.query);
      const page = await log.streamEvents(stream, query.before ?? null, query.limit);
      return { events: await shown(page.items, readsPersonal), next: page.next };
    },
  );

  app.get(
    '/api/admin/audit/events',
    {
      schema: doc(
        'The global log newest first, by event type and time range (auditor, admin, owner)',
        { querystring: EventsQuery },
        {
          description: 'A page of events, and the position the next page starts below (before=)',
          schema: EventPage,
        },
      ),
    },
    async (request) => {
      const { log, readsPersonal } = browserFor(request);
      const query = parsed(EventsQuery, request.query);
      const types = (query.type ?? '').split(',').filter(Boolean);
      const page = await log.events(
        {
          types,
          ...(query.from && { from: new Date(query.from) }),
          ...(query.to && { to: new Date(query.to) }),
        },
        query.before ?? null,
        query.limit,
      );
      return { events: await shown(page.items, readsPersonal), next: page.next };
    },
  );

  app.get(
    '/api/admin/audit/events/:position',
    {
      schema: doc(
        'One event: its data and metadata (auditor, admin, owner)',
        { params: EventParams },
        { description: 'The event', schema: Event },
        { 404: 'No event at this position' },
      ),
    },
    async (request) => {
      const { log, readsPersonal } = browserFor(request);
      const { position } = parsed(EventParams, request.params);
      const event = await log.event(position);
      if (!event) throw new HttpError(404, `No event at position ${position}`);
      return (await shown([event], readsPersonal))[0];
    },
  );

  app.get(
    '/api/admin/audit/correlations/:correlationId',
    {
      schema: doc(
        'Every event one request caused, by its correlation id, oldest first (auditor, admin, owner)',
        { params: CorrelationParams },
        {
          description: `The events (at most ${MAX_BROWSE_PAGE})`,
          schema: z.object({ events: z.array(Event) }),
        },
        // Any id the router lets through is a well-formed one: nothing to refuse as malformed.
        {},
        false,
      ),
    },
    async (request) => {
      const { log, readsPersonal } = browserFor(request);
      const { correlationId } = parsed(CorrelationParams, request.params);
      const events = await log.correlated(correlationId, MAX_BROWSE_PAGE);
      return { events: await shown(events, readsPersonal) };
    },
  );
};
