import { accountMessages } from '@nocturne/domain';
import { apiSchema, HttpError } from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { QueryApiDeps } from '../deps';
import { sessionUser } from '../users/session-user';
import { lastDays, type ReaderRow, reachOf, type StudioStory } from './studio-numbers';

const Query = z.object({
  days: z.enum(['30', '90'], { error: 'days must be 30 or 90' }).optional(),
});

const StudioAnswer = z.object({
  stories: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      isPremium: z.boolean(),
      slides: z.number().int(),
      views: z.number().int(),
      likes: z.number().int(),
      readers: z.number().int().describe('Logged-in readers who opened it'),
      finished: z.number().int().describe('Readers who reached The End'),
      reached: z.array(z.number().int()).describe('Per slide, how many readers reached it'),
    }) satisfies z.ZodType<StudioStory>,
  ),
  daily: z
    .array(z.object({ day: z.string(), views: z.number().int(), likes: z.number().int() }))
    .describe("Views and likes of all the creator's stories per day (UTC), oldest first"),
});

const studioDoc = apiSchema({
  summary:
    "The creator's studio: each story's views, likes, readers, finishes and reach per slide, and a daily chart",
  tags: ['creators'],
  security: ['user'],
  querystring: Query,
  ok: { 200: { description: 'The studio', schema: StudioAnswer } },
  errors: { 400: 'days is not 30 or 90', 401: 'Not authenticated' },
});

/**
 * GET /api/me/studio?days=30|90: the logged-in creator's live stories, newest first, with what
 * readers did, and the views and likes of the last 30 (default) or 90 days, a row per day.
 */
export const studioRoutes: FastifyPluginAsync<QueryApiDeps> = async (app, deps) => {
  app.get('/api/me/studio', { schema: studioDoc }, async (request) => {
    const query = Query.safeParse(request.query ?? {});
    if (!query.success) throw new HttpError(400, 'days must be 30 or 90');
    const user = await sessionUser(request, deps);
    if (!user) throw new HttpError(401, accountMessages.notAuthenticated, { 'WWW-Authenticate': 'Bearer' });
    const days = lastDays(deps.clock(), Number(query.data.days ?? '30'));
    const stories = await deps.db
      .selectFrom('stories')
      .select(['id', 'card', 'is_premium'])
      .where('creator_key', '=', user.userKey)
      .orderBy('position', 'desc')
      .execute();
    const ids = stories.map((s) => s.id);
    if (ids.length === 0) return { stories: [], daily: days.map((day) => ({ day, views: 0, likes: 0 })) };
    const [totals, readers, daily] = await Promise.all([
      deps.db
        .selectFrom('studio_daily')
        .select((eb) => [
          'story_id',
          eb.fn.sum<string>('views').as('views'),
          eb.fn.sum<string>('likes').as('likes'),
        ])
        .where('story_id', 'in', ids)
        .groupBy('story_id')
        .execute(),
      deps.db
        .selectFrom('studio_readers')
        .select(['story_id', 'max_slide', 'finished'])
        .where('story_id', 'in', ids)
        .execute(),
      deps.db
        .selectFrom('studio_daily')
        .select((eb) => [
          sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'),
          eb.fn.sum<string>('views').as('views'),
          eb.fn.sum<string>('likes').as('likes'),
        ])
        .where('story_id', 'in', ids)
        .where('day', '>=', days[0]!)
        .groupBy('day')
        .execute(),
    ]);
    const totalOf = new Map(totals.map((t) => [t.story_id, t]));
    const readersOf = new Map<string, ReaderRow[]>();
    for (const row of readers) readersOf.set(row.story_id, [...(readersOf.get(row.story_id) ?? []), row]);
    const dayRows = new Map(daily.map((d) => [d.day, d]));
    return {
      stories: stories.map((story): StudioStory => {
        const slides = story.card.images.length;
        const total = totalOf.get(story.id);
        return {
          id: story.id,
          title: story.card.teaser,
          isPremium: story.is_premium,
          slides,
          views: Number(total?.views ?? 0),
          likes: Number(total?.likes ?? 0),
          ...reachOf(readersOf.get(story.id) ?? [], slides),
        };
      }),
      daily: days.map((day) => ({
        day,
        views: Number(dayRows.get(day)?.views ?? 0),
        likes: Number(dayRows.get(day)?.likes ?? 0),
      })),
    };
  });
};
