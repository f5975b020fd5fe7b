import {
  accountMessages,
  CONTENT_WARNING_IDS,
  draftMessages,
  STORY_RATING_IDS,
  storyMessages,
  teaser,
} from '@nocturne/domain';
import { apiSchema, HttpError, StoryIdParams } from '@nocturne/http-kit';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { QueryApiDeps } from '../deps';
import { signImageRef, userSubject } from '../images/signed-ref';
import { sessionUser } from '../users/session-user';

const DraftSummary = z.object({
  id: z.string(),
  title: z.string().describe('The opening words of the first text (empty while it has none)'),
  cover: z.string().describe("The first slide's image: a reference signed for the creator"),
  slides: z.number().int(),
  isPremium: z.boolean(),
  publishAt: z.string().nullable().describe('When the scheduler publishes it (ISO time), or null'),
  savedAt: z.string(),
});
const DraftsAnswer = z.object({ drafts: z.array(DraftSummary) });
const OwnContent = z.object({
  id: z.string(),
  images: z.array(z.string()).describe("Each slide's image: references signed for the creator"),
  texts: z.array(z.string()),
  alts: z.array(z.string()).describe("Per slide, what its image shows as the creator wrote it ('' for none)"),
  isPremium: z.boolean(),
  tags: z.array(z.string()),
  warnings: z.array(z.enum(CONTENT_WARNING_IDS)),
  rating: z.enum(STORY_RATING_IDS),
});
const DraftAnswer = OwnContent.extend({ publishAt: z.string().nullable(), savedAt: z.string() });

const draftsDoc = apiSchema({
  summary: "The creator's drafts, the latest saved first (their own only)",
  tags: ['drafts'],
  security: ['user'],
  ok: { 200: { description: 'The drafts', schema: DraftsAnswer } },
  errors: { 401: 'Not authenticated' },
});
const draftDoc = apiSchema({
  summary: "One of the creator's drafts, to edit it",
  tags: ['drafts'],
  security: ['user'],
  params: StoryIdParams,
  ok: { 200: { description: 'The draft', schema: DraftAnswer } },
  errors: { 401: 'Not authenticated', 404: 'Draft not found (unknown, published, or not this member’s)' },
});
const ownStoryDoc = apiSchema({
  summary: "One of the creator's published stories as it is now, to revise it",
  tags: ['drafts'],
  security: ['user'],
  params: StoryIdParams,
  ok: { 200: { description: 'The story', schema: OwnContent } },
  errors: { 401: 'Not authenticated', 404: 'Story not found (unknown, unpublished, or not this member’s)' },
});

/**
 * A creator's own stories, for the studio: GET /api/me/drafts (their drafts), GET
 * /api/me/drafts/{id} (one, to edit) and GET /api/me/stories/{id} (a published one, to revise).
 * Another member's draft is never answered: it is "not found". Images are references signed for
 * the creator (the image route serves a draft's images to them only).
 */
export const draftRoutes: FastifyPluginAsync<QueryApiDeps> = async (app, deps) => {
  async function creator(request: FastifyRequest) {
    const user = await sessionUser(request, deps);
    if (!user) throw new HttpError(401, accountMessages.notAuthenticated, { 'WWW-Authenticate': 'Bearer' });
    const subject = userSubject(user.userKey);
    const sign = (ref: string) => signImageRef(deps.options.secret, ref, subject, deps.clock());
    return { userKey: user.userKey, sign };
  }
  const idOf = (params: unknown, notFound: string) => {
    const parsed = StoryIdParams.safeParse(params);
    if (!parsed.success) throw new HttpError(404, notFound);
    return parsed.data.id;
  };

  app.get('/api/me/drafts', { schema: draftsDoc }, async (request) => {
    const { userKey, sign } = await creator(request);
    const rows = await deps.db
      .selectFrom('drafts')
      .selectAll()
      .where('creator_key', '=', userKey)
      .orderBy('saved_at', 'desc')
      .limit(200)
      .execute();
    return {
      drafts: rows.map((row) => ({
        id: row.story_id,
        title: teaser(row.slides[0]?.text ?? ''),
        cover: sign(row.slides[0]!.image.ref),
        slides: row.slides.length,
        isPremium: row.is_premium,
        publishAt: row.publish_at?.toISOString() ?? null,
        savedAt: row.saved_at.toISOString(),
      })),
    };
  });

  app.get('/api/me/drafts/:id', { schema: draftDoc }, async (request) => {
    const { userKey, sign } = await creator(request);
    const id = idOf(request.params, draftMessages.notFound);
    const row = await deps.db
      .selectFrom('drafts')
      .selectAll()
      .where('story_id', '=', id)
      .where('creator_key', '=', userKey)
      .executeTakeFirst();
    if (!row) throw new HttpError(404, draftMessages.notFound);
    return {
      id: row.story_id,
      images: row.slides.map((slide) => sign(slide.image.ref)),
      texts: row.slides.map((slide) => slide.text),
      alts: row.slides.map((slide) => slide.alt ?? ''),
      isPremium: row.is_premium,
      tags: row.tags,
      warnings: row.warnings,
      rating: row.rating,
      publishAt: row.publish_at?.toISOString() ?? null,
      savedAt: row.saved_at.toISOString(),
    };
  });

  app.get('/api/me/stories/:id', { schema: ownStoryDoc }, async (request) => {
    const { userKey, sign } = await creator(request);
    const id = idOf(request.params, storyMessages.notFound);
    const row = await deps.db
      .selectFrom('stories')
      .select(['id', 'card', 'is_premium'])
      .where('id', '=', id)
      .where('creator_key', '=', userKey)
      .executeTakeFirst();
    if (!row) throw new HttpError(404, storyMessages.notFound);
    return {
      id: row.id,
      images: row.card.images.map(sign),
      texts: row.card.texts,
      alts: row.card.alts ?? row.card.texts.map(() => ''),
      isPremium: row.is_premium,
      tags: row.card.tags,
      warnings: row.card.warnings,
      rating: row.card.rating,
    };
  });
};
