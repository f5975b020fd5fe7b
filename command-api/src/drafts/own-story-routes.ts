import multipart from '@fastify/multipart';
import {
  draftMessages,
  evolveStory,
  initialStoryState,
  refuse,
  type StoryState,
  storyMessages,
} from '@nocturne/domain';
import { type Actor, streams } from '@nocturne/events';
import { aggregateStream } from '@nocturne/events/store';
import { apiSchema, perMinute, StoryIdParams, storyIdFrom } from '@nocturne/http-kit';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { currentPenName } from '../creators/choose-pen-name';
import { creatorAssurance } from '../creators/creator-assurance';
import type { CommandApiDeps } from '../deps';
import { storeImages } from '../images/store-images';
import { defaultImageWork } from '../images/work-slots';
import { loadTagCatalogue } from '../labels/tag-catalogue-decider';
import { chosenId, commandContext } from '../shared/context';
import { command } from '../shared/decider';
import { handleCommand } from '../shared/handle-command';
import { eventsOrThrow, httpErrorOf } from '../shared/refusals';
import { withPosition } from '../shared/reply';
import { verifiedMember } from '../stories/story-publisher';
import { rateLimitsOf } from '../users/rate-limits';
import { type OwnStoryCommand, ownStoryDecider } from './own-story-decider';
import { readSentContent, type SentContent } from './story-content';

/** The multipart form of a draft or a revision, as the document shows it (readSentContent reads it). */
const ContentForm = z.object({
  images: z
    .array(z.string().meta({ format: 'binary' }))
    .optional()
    .describe('One image per slide that does not keep its image, in slide order (15 MB each)'),
  texts: z.array(z.string()).describe('One text per slide (up to 500 words; a draft may leave one empty)'),
  keep: z
    .array(z.string())
    .optional()
    .describe(
      'One per slide when sent: the slide (0-based) whose image it keeps, or empty for the next image',
    ),
  alts: z
    .array(z.string())
    .optional()
    .describe(
      "One per slide when sent: what the slide's image shows, for readers who cannot see it (at most 250 characters; empty for none). Not sent at all: a kept slide keeps its own",
    ),
  isPremium: z
    .enum(['true', 'false'])
    .optional()
    .describe('Drafts only: a revision keeps the story premium or free'),
  tags: z.array(z.string()).optional().describe('Up to 8 tags from the curated list (GET /api/tags)'),
  warnings: z.array(z.string()).optional().describe('Content warning ids (GET /api/tags)'),
  rating: z
    .enum(['general', 'mature', 'explicit'])
    .optional()
    .describe(
      "General, Mature or Explicit; without it, the draft's or story's rating stays (a new draft: Mature)",
    ),
});
const ScheduleBody = z.object({
  publishAt: z.iso.datetime({ offset: true, error: 'publishAt must be a date and time (ISO 8601)' }),
});
const Ok = z.object({ ok: z.literal(true) });
const Id = z.object({ id: z.string() });

const memberErrors = { 401: 'Not logged in, or the address is not verified' } as const;
const contentErrors = {
  ...memberErrors,
  400: 'The slides break the rules (count, words; a draft may have 1 slide and empty texts), a kept slide that does not exist, an image missing or not decodable, a tag not curated, an unknown warning, a rating that does not exist',
  413: 'An image is larger than 15 MB or 40 megapixels',
  415: 'Not multipart/form-data, or an image is not a JPEG, PNG, WebP, GIF or AVIF file',
  429: 'Too many stories from this client (Retry-After)',
} as const;

const doc = (spec: Omit<Parameters<typeof apiSchema>[0], 'tags' | 'security'>) =>
  apiSchema({ tags: ['drafts'], security: ['user'], ...spec });

const createDoc = doc({
  summary: 'Save a new draft (seen by its creator only)',
  consumes: ['multipart/form-data'],
  body: ContentForm,
  ok: { 201: { description: 'Saved', schema: Id } },
  errors: contentErrors,
});
const saveDoc = doc({
  summary: 'Save an edit of a draft (its content replaced; kept images by slide)',
  consumes: ['multipart/form-data'],
  params: StoryIdParams,
  body: ContentForm,
  ok: { 200: { description: 'Saved', schema: Ok } },
  errors: {
    ...contentErrors,
    404: 'Draft not found (unknown, or not this member’s)',
    409: 'The story is published: edit it as a revision',
  },
});
const publishDoc = doc({
  summary: 'Publish a draft now (StoryPublished, as any story)',
  params: StoryIdParams,
  ok: { 200: { description: 'Published', schema: Id } },
  errors: {
    ...memberErrors,
    400: 'No pen name yet, or the draft breaks the story rules (2-10 slides, 1-500 words each, curated tags)',
    403: 'An Explicit draft, and the member’s age is not assured (AGE_ASSURANCE is not off)',
    404: 'Draft not found (unknown, published, or not this member’s)',
  },
});
const scheduleDoc = doc({
  summary: 'Schedule a draft: published within a minute of publishAt',
  params: StoryIdParams,
  body: ScheduleBody,
  ok: { 200: { description: 'Scheduled', schema: z.object({ publishAt: z.string() }) } },
  errors: {
    ...memberErrors,
    400: 'publishAt is not a date and time, is in the past or beyond a year, no pen name yet, or the draft breaks the story rules',
    403: 'An Explicit draft, and the member’s age is not assured (AGE_ASSURANCE is not off)',
    404: 'Draft not found',
  },
});
const unscheduleDoc = doc({
  summary: 'Unschedule a draft: it stays a draft',
  params: StoryIdParams,
  ok: { 200: { description: 'Unscheduled', schema: Ok } },
  errors: { ...memberErrors, 404: 'Draft not found', 409: 'The draft is not scheduled' },
});
const deleteDoc = doc({
  summary: 'Throw a draft away',
  params: StoryIdParams,
  ok: { 200: { description: 'Deleted', schema: Ok } },
  errors: { ...memberErrors, 404: 'Draft not found' },
});
const reviseDoc = doc({
  summary: "Revise a published story's texts, images, tags and warnings (readers see the latest)",
  consumes: ['multipart/form-data'],
  params: StoryIdParams,
  body: ContentForm,
  ok: { 200: { description: 'Revised', schema: Ok } },
  errors: {
    ...contentErrors,
    403: 'The story is not this member’s, or it would be Explicit and the member’s age is not assured',
    404: 'Story not found',
  },
});
const unpublishDoc = doc({
  summary: 'Unpublish one’s story: it leaves every list, search, library and the creator page',
  params: StoryIdParams,
  ok: { 200: { description: 'Unpublished', schema: Ok } },
  errors: { ...memberErrors, 403: 'The story is not this member’s', 404: 'Story not found' },
});

/**
 * A creator's own stories: drafts (POST /api/drafts; PUT, DELETE /api/drafts/{id}), their
 * publish and schedule (POST /api/drafts/{id}/publish; PUT, DELETE /api/drafts/{id}/schedule),
 * and a published story's revision and withdrawal (POST /api/stories/{id}/revisions,
 * POST /api/stories/{id}/unpublish). Every one is a command on the story's stream; another
 * member's draft is "not found", another member's story "not yours", and nothing is appended.
 */
export const ownStoryRoutes: FastifyPluginAsync<CommandApiDeps> = async (app, deps) => {
  await app.register(multipart);
  const imageWork = deps.imageWork ?? defaultImageWork();
  const limits = rateLimitsOf(deps.options);
  const perClient = perMinute(deps.limiter, 'publish', limits.publishPerMinute, (request) => request.ip);

  const storyState = async (storyId: string) =>
    (await aggregateStream(deps.store, streams.story(storyId), evolveStory, initialStoryState)).state;

  /** Decides and appends on the story's stream; answers with the position of what was appended. */
  async function run(request: FastifyRequest, actor: Actor, storyId: string, toDo: OwnStoryCommand) {
    return handleCommand(
      deps.store,
      streams.story(storyId),
      ownStoryDecider,
      toDo,
      commandContext(request, actor),
    );
  }

  /** The content sent, read against the slides it may keep; refused first when it is not theirs. */
  async function sentContent(
    request: FastifyRequest,
    creatorKey: string,
    state: StoryState,
    rules: 'draft' | 'story',
  ) {
    if (
      rules === 'draft' &&
      state.status !== 'none' &&
      (state.status !== 'draft' || state.creatorKey !== creatorKey)
    ) {
      if (state.status === 'published' && state.creatorKey === creatorKey) {
        throw httpErrorOf(refuse('conflict', draftMessages.published));
      }
      throw httpErrorOf(refuse('not_found', draftMessages.notFound));
    }
    if (rules === 'story') {
      if (state.status !== 'published') throw httpErrorOf(refuse('not_found', storyMessages.notFound));
      if (state.creatorKey !== creatorKey) throw httpErrorOf(refuse('forbidden', draftMessages.notYours));
    }
    const current = rules === 'draft' ? (state.draft?.slides ?? []) : state.slides;
    return readSentContent(request, deps, imageWork, current, rules);
  }

  /** Checks the content against the story as read, writes its images, then appends. */
  async function saveContent(
    request: FastifyRequest,
    creatorKey: string,
    storyId: string,
    toDo: OwnStoryCommand,
    content: SentContent,
  ) {
    eventsOrThrow(ownStoryDecider.decide(toDo, await storyState(storyId))); // refuses before files are written
    await storeImages(deps.options.dataDir, content.files);
    return run(request, { kind: 'user', userKey: creatorKey }, storyId, toDo);
  }

  const contentOf = (content: SentContent) => ({
    slides: content.slides,
    preview: content.preview,
    tags: content.tags,
    warnings: content.warnings,
    rating: content.rating,
    curatedTags: content.curatedTags,
  });

  app.post('/api/drafts', { preHandler: perClient, schema: createDoc }, async (request, reply) => {
    const creatorKey = await verifiedMember(request, deps);
    const content = await sentContent(request, creatorKey, initialStoryState(), 'draft');
    // A retried save (same Idempotency-Key) is the same draft.
    const storyId = chosenId(commandContext(request, { kind: 'user', userKey: creatorKey }), 'new draft');
    const toDo = command(
      'CreateDraft',
      { storyId, creatorKey, isPremium: content.isPremium, ...contentOf(content) },
      deps.clock(),
    );
    const result = await saveContent(request, creatorKey, storyId, toDo, content);
    return withPosition(reply.status(201), deps, result.position).send({ id: storyId });
  });

  app.put('/api/drafts/:id', { preHandler: perClient, schema: saveDoc }, async (request, reply) => {
    const creatorKey = await verifiedMember(request, deps);
    const storyId = draftIdFrom(request.params);
    const content = await sentContent(request, creatorKey, await storyState(storyId), 'draft');
    const toDo = command(
      'SaveDraft',
      { storyId, creatorKey, isPremium: content.isPremium, ...contentOf(content) },
      deps.clock(),
    );
    const result = await saveContent(request, creatorKey, storyId, toDo, content);
    return withPosition(reply, deps, result.position).send({ ok: true });
  });

  /**
   * What the publish of a member's draft needs to know besides the stream: their name, their age
   * assurance, the tags.
   */
  async function publisher(creatorKey: string, storyId: string) {
    const penNameChosen = (await currentPenName(deps.store, creatorKey)).penName !== null;
    return {
      storyId,
      creatorKey,
      penNameChosen,
      curatedTags: await loadTagCatalogue(deps.store),
      assurance: await creatorAssurance(deps, { kind: 'user', userKey: creatorKey }),
    };
  }

  app.post('/api/drafts/:id/publish', { schema: publishDoc }, async (request, reply) => {
    const creatorKey = await verifiedMember(request, deps);
    const storyId = draftIdFrom(request.params);
    const toDo = command('PublishDraft', await publisher(creatorKey, storyId), deps.clock());
    const result = await run(request, { kind: 'user', userKey: creatorKey }, storyId, toDo);
    return withPosition(reply, deps, result.position).send({ id: storyId });
  });

  app.put('/api/drafts/:id/schedule', { schema: scheduleDoc }, async (request, reply) => {
    const creatorKey = await verifiedMember(request, deps);
    const storyId = draftIdFrom(request.params);
    const { publishAt } = ScheduleBody.parse(request.body ?? {});
    const toDo = command(
      'ScheduleDraft',
      { ...(await publisher(creatorKey, storyId)), publishAt: new Date(publishAt) },
      deps.clock(),
    );
    const result = await run(request, { kind: 'user', userKey: creatorKey }, storyId, toDo);
    return withPosition(reply, deps, result.position).send({ publishAt: result.state.publishAt! });
  });

  const simple =
    (type: 'UnscheduleDraft' | 'DeleteDraft' | 'UnpublishStory') =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const creatorKey = await verifiedMember(request, deps);
      const storyId = type === 'UnpublishStory' ? storyIdFrom(request.params) : draftIdFrom(request.params);
      const toDo = command(type, { storyId, creatorKey }, deps.clock());
      const result = await run(request, { kind: 'user', userKey: creatorKey }, storyId, toDo);
      return withPosition(reply, deps, result.position).send({ ok: true as const });
    };
  app.delete('/api/drafts/:id/schedule', { schema: unscheduleDoc }, simple('UnscheduleDraft'));
  app.delete('/api/drafts/:id', { schema: deleteDoc }, simple('DeleteDraft'));
  app.post('/api/stories/:id/unpublish', { schema: unpublishDoc }, simple('UnpublishStory'));

  app.post(
    '/api/stories/:id/revisions',
    { preHandler: perClient, schema: reviseDoc },
    async (request, reply) => {
      const creatorKey = await verifiedMember(request, deps);
      const storyId = storyIdFrom(request.params);
      const content = await sentContent(request, creatorKey, await storyState(storyId), 'story');
      const assurance = await creatorAssurance(deps, { kind: 'user', userKey: creatorKey });
      const toDo = command(
        'ReviseStory',
        { storyId, creatorKey, ...contentOf(content), assurance },
        deps.clock(),
      );
      const result = await saveContent(request, creatorKey, storyId, toDo, content);
      return withPosition(reply, deps, result.position).send({ ok: true });
    },
  );
};

/** A draft's id from the path: one that cannot be an id is a draft nobody has. */
function draftIdFrom(params: unknown): string {
  const parsed = StoryIdParams.safeParse(params);
  if (!parsed.success) throw httpErrorOf(refuse('not_found', draftMessages.notFound));
  return parsed.data.id;
}
