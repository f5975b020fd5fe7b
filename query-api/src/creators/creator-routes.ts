import {
  accountMessages,
  type CreatorNotification,
  type CreatorProfile,
  creatorMessages,
  handleOf,
  penNameProblem,
} from '@nocturne/domain';
import { apiSchema, HttpError } from '@nocturne/http-kit';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { QueryApiDeps } from '../deps';
import { sessionUser } from '../users/session-user';
import { liveNotifications } from './live-notifications';

const HandleParams = z.object({ handle: z.string().min(1).max(200) });

const CreatorAnswer = z.object({
  penName: z.string(),
  handle: z.string(),
  stories: z.number().int().describe('Live stories'),
  followers: z.number().int().describe('How many readers follow the creator (never who)'),
  following: z.boolean().describe('The viewer follows the creator'),
  isMe: z.boolean().describe('The viewer is the creator'),
}) satisfies z.ZodType<CreatorProfile>;

const NotificationAnswer = z.object({
  id: z.string(),
  storyId: z.string(),
  creator: z.object({ name: z.string(), handle: z.string() }),
  at: z.string().describe('When the story was published (ISO 8601)'),
  read: z.boolean(),
}) satisfies z.ZodType<CreatorNotification>;

const NotificationsAnswer = z.object({
  unread: z.number().int(),
  /** The position of the newest notification: POST /api/me/notifications/seen marks up to it. */
  newest: z.number().int(),
  items: z.array(NotificationAnswer),
});

const PenNameAnswer = z.object({ penName: z.string().nullable(), handle: z.string().nullable() });

/** How many notifications the list shows: the newest ones. */
const NOTIFICATIONS_SHOWN = 20;

async function requireSessionUser(request: FastifyRequest, deps: QueryApiDeps) {
  const user = await sessionUser(request, deps);
  if (!user) throw new HttpError(401, accountMessages.notAuthenticated, { 'WWW-Authenticate': 'Bearer' });
  return user;
}

/**
 * A creator's page header (GET /api/creators/{handle}; the stories come from
 * GET /api/stories?creator={handle}, with every list's premium rules), the reader's own pen name
 * (GET /api/me/pen-name) and the reader's notifications (GET /api/me/notifications).
 */
export const creatorRoutes: FastifyPluginAsync<QueryApiDeps> = async (app, deps) => {
  app.get(
    '/api/creators/:handle',
    {
      schema: apiSchema({
        summary: "A creator's pen name, story count and follower count",
        tags: ['creators'],
        params: HandleParams,
        ok: { 200: { description: 'The creator', schema: CreatorAnswer } },
        errors: { 404: 'Creator not found' },
      }),
    },
    async (request): Promise<CreatorProfile> => {
      const asked = HandleParams.parse(request.params).handle;
      // A handle no pen name can have (a control character, a slash) names nobody.
      if (penNameProblem(asked.replace(/-/g, ' '))) throw new HttpError(404, creatorMessages.notFound);
      const handle = handleOf(asked);
      const creator = await deps.db
        .selectFrom('creators')
        .select(['user_key', 'pen_name', 'handle'])
        .where('handle', '=', handle)
        .executeTakeFirst();
      if (!creator) throw new HttpError(404, creatorMessages.notFound);
      const viewer = request.headers.authorization ? await sessionUser(request, deps) : null;
      const [followers, stories, following] = await Promise.all([
        deps.db
          .selectFrom('follows')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('creator_key', '=', creator.user_key)
          .executeTakeFirstOrThrow(),
        deps.db
          .selectFrom('stories')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('creator_key', '=', creator.user_key)
          .where('hidden_reason', 'is', null)
          .executeTakeFirstOrThrow(),
        viewer
          ? deps.db
              .selectFrom('follows')
              .select('follower_key')
              .where('creator_key', '=', creator.user_key)
              .where('follower_key', '=', viewer.userKey)
              .executeTakeFirst()
          : undefined,
      ]);
      return {
        penName: creator.pen_name,
        handle: creator.handle,
        stories: Number(stories.n),
        followers: Number(followers.n),
        following: following !== undefined,
        isMe: viewer?.userKey === creator.user_key,
      };
    },
  );

  app.get(
    '/api/me/pen-name',
    {
      schema: apiSchema({
        summary: "The logged-in account's pen name (null before the first story)",
        tags: ['creators'],
        security: ['user'],
        ok: { 200: { description: 'The pen name and handle', schema: PenNameAnswer } },
        errors: { 401: 'Not authenticated' },
      }),
    },
    async (request) => {
      const user = await requireSessionUser(request, deps);
      const row = await deps.db
        .selectFrom('creators')
        .select(['pen_name', 'handle'])
        .where('user_key', '=', user.userKey)
        .executeTakeFirst();
      return { penName: row?.pen_name ?? null, handle: row?.handle ?? null };
    },
  );

  app.get(
    '/api/me/notifications',
    {
      schema: apiSchema({
        summary: 'New stories of the creators the reader follows, newest first, with the unread count',
        tags: ['creators'],
        security: ['user'],
        ok: { 200: { description: 'The notifications', schema: NotificationsAnswer } },
        errors: { 401: 'Not authenticated' },
      }),
    },
    async (request) => {
      const user = await requireSessionUser(request, deps);
      const live = liveNotifications(deps.db, user.userKey);
      const [read, rows, unread] = await Promise.all([
        deps.db
          .selectFrom('notification_reads')
          .select('through')
          .where('user_key', '=', user.userKey)
          .executeTakeFirst(),
        live
          .select(['n.story_id', 'n.position', 'n.notified_at', 'creators.pen_name', 'creators.handle'])
          .orderBy('n.position', 'desc')
          .limit(NOTIFICATIONS_SHOWN)
          .execute(),
        live
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('n.position', '>', (eb) =>
            eb.fn.coalesce(
              eb.selectFrom('notification_reads').select('through').where('user_key', '=', user.userKey),
              eb.val(0),
            ),
          )
          .executeTakeFirstOrThrow(),
      ]);
      const through = Number(read?.through ?? 0);
      return {
        unread: Number(unread.n),
        newest: rows.length > 0 ? Number(rows[0]!.position) : 0,
        items: rows.map(
          (row): CreatorNotification => ({
            id: `${row.story_id}`,
            storyId: row.story_id,
            creator: { name: row.pen_name, handle: row.handle },
            at: new Date(row.notified_at).toISOString(),
            read: Number(row.position) <= through,
          }),
        ),
      };
    },
  );
};
