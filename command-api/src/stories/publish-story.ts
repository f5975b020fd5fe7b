import multipart from '@fastify/multipart';
import {
  creatorAssuranceProblem,
  DEFAULT_STORY_RATING,
  initialStoryState,
  labelsProblem,
  penNameProblem,
  refuse,
  slidesProblem,
} from '@nocturne/domain';
import { type Actor, streams } from '@nocturne/events';
import { apiSchema, perMinute, tooMany } from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { choosePenName, currentPenName } from '../creators/choose-pen-name';
import { creatorAssurance } from '../creators/creator-assurance';
import type { CommandApiDeps } from '../deps';
import { makePreview, type ProcessedImage, processSlideImage } from '../images/process-image';
import { sniffImage } from '../images/sniff-image';
import { storeImages } from '../images/store-images';
import { defaultImageWork } from '../images/work-slots';
import { inviteAttemptLimit } from '../invites/invite-codes';
import { contentWarningsFrom, normaliseTags } from '../labels/labels-input';
import { loadTagCatalogue } from '../labels/tag-catalogue-decider';
import { chosenId, commandContext } from '../shared/context';
import { command as newCommand } from '../shared/decider';
import { handleCommand } from '../shared/handle-command';
import { eventsOrThrow, httpErrorOf } from '../shared/refusals';
import { withPosition } from '../shared/reply';
import { rateLimitsOf } from '../users/rate-limits';
import { decideStory, type PublishStory, storyDecider } from './story-decider';
import { storyPublisher } from './story-publisher';
import { readUpload, sentAlts, sentRating } from './story-upload';

/** The multipart form, as the document shows it (readUpload reads it part by part). */
const PublishForm = z.object({
  images: z
    .array(z.string().meta({ format: 'binary' }))
    .describe('One image per slide (JPEG, PNG, WebP, AVIF, GIF; 15 MB each)'),
  texts: z.array(z.string()).describe('One text per slide, same order (1-500 words each)'),
  alts: z
    .array(z.string())
    .optional()
    .describe(
      "One per slide when sent, same order: what the slide's image shows, for readers who cannot see it (at most 250 characters; empty for none: the reader falls back to the text's first sentence)",
    ),
  isPremium: z.enum(['true', 'false']).optional(),
  tags: z.array(z.string()).optional().describe('Up to 8 tags from the curated list (GET /api/tags)'),
  warnings: z.array(z.string()).optional().describe('Content warning ids (GET /api/tags)'),
  rating: z
    .enum(['general', 'mature', 'explicit'])
    .optional()
    .describe('General, Mature or Explicit; without it, Mature'),
  penName: z
    .string()
    .optional()
    .describe(
      "A logged-in creator's pen name, chosen or changed with this story (PUT /api/me/pen-name rules)",
    ),
});

const publishDoc = apiSchema({
  summary: 'Publish a story: 2-10 slides, an image and a text each',
  tags: ['stories'],
  security: ['admin', 'user'],
  consumes: ['multipart/form-data'],
  body: PublishForm,
  headers: z.object({ 'x-invite-code': z.string().optional().describe('An invite code instead of a login') }),
  ok: { 201: { description: 'Published', schema: z.object({ id: z.string() }) } },
  errors: {
    400: 'The slides break the rules (count, words), a tag is not curated, more than 8 tags, an unknown warning, a member without a pen name (none chosen before and none given), a pen name that breaks its rules, or an image is empty or cannot be decoded',
    401: 'Not an admin, not a verified user, and no valid invite code',
    403: 'An Explicit story from a creator whose age is not assured (AGE_ASSURANCE is not off)',
    413: 'An image is larger than 15 MB or 40 megapixels',
    409: 'The pen name given is held by another account',
    415: 'Not multipart/form-data, or an image is not a JPEG, PNG, WebP, GIF or AVIF file (by its bytes, whatever its name or declared type)',
    429: 'Too many stories, or invite-code attempts, from this client or account (Retry-After)',
  },
});

/**
 * POST /api/stories (multipart: repeated `images`, repeated `texts`, `isPremium`, repeated
 * `tags` from the curated list and `warnings` from the fixed one).
 * Everything is checked and every image re-encoded in memory first; files are written only
 * when the whole story is valid, and the event (references, never bytes) only after them.
 */
export const publishStoryRoutes: FastifyPluginAsync<CommandApiDeps> = async (app, deps) => {
  await app.register(multipart);
  const imageWork = deps.imageWork ?? defaultImageWork();

  const limits = rateLimitsOf(deps.options);
  const perClient = perMinute(deps.limiter, 'publish', limits.publishPerMinute, (request) => request.ip);
  const inviteAttempt = inviteAttemptLimit(deps);
  // Per account as well (a user, or an admin session), from whatever addresses it publishes.
  const perAccount = async (actor: Actor) => {
    const account =
      actor.kind === 'user'
        ? `user:${actor.userKey}`
        : actor.kind === 'admin'
          ? `admin:${actor.session}`
          : null;
    if (!account) return;
    const count = await deps.limiter.hit(`publish-account:${account}`, 60_000);
    if (count.hits > limits.publishPerMinute) throw tooMany(count.resetInMs);
  };

  app.post('/api/stories', { preHandler: perClient, schema: publishDoc }, async (request, reply) => {
    const actor = await storyPublisher(request, deps, inviteAttempt);
    await perAccount(actor);
    const assurance = await creatorAssurance(deps, actor, request);
    // The body is read and its images decoded only in a slot: memory stays bounded however
    // many uploads arrive at once (the waiting ones' bytes stay in the network buffers).
    const { upload, alts, labels, curatedTags, processed, preview } = await imageWork.run(async () => {
      const upload = await readUpload(request);
      const curatedTags = await loadTagCatalogue(deps.store);
      // The slide rules refuse before any image is processed (the decider asks again).
      const problem = slidesProblem(upload.texts, upload.images.length);
      if (problem) throw httpErrorOf(refuse('invalid', problem));
      const alts = sentAlts(upload);
      const labels = { tags: normaliseTags(upload.tags), warnings: contentWarningsFrom(upload.warnings) };
      const labelProblem = labelsProblem(labels, curatedTags);
      if (labelProblem) throw httpErrorOf(refuse('invalid', labelProblem));
      const rating = sentRating(upload.rating) ?? DEFAULT_STORY_RATING;
      const unassured = creatorAssuranceProblem(rating, assurance, deps.clock());
      if (unassured) throw httpErrorOf(refuse('forbidden', unassured));
      const nameProblem = upload.penName === undefined ? null : penNameProblem(upload.penName);
      if (nameProblem) throw httpErrorOf(refuse('invalid', nameProblem));
      for (const [i, bytes] of upload.images.entries()) await sniffImage(bytes, i + 1);
      const processed: ProcessedImage[] = [];
      for (const [i, bytes] of upload.images.entries()) processed.push(await processSlideImage(bytes, i + 1));
      const preview = await makePreview(upload.images[0]!, 1);
      return { upload, alts, labels: { ...labels, rating }, curatedTags, processed, preview };
    }, request.raw.socket);

    const context = commandContext(request, actor);
    const creatorKey = actor.kind === 'user' ? actor.userKey : null;
    // A member's story shows their pen name: one chosen before, or with this story.
    const penNameChosen =
      creatorKey !== null &&
      (upload.penName !== undefined || (await currentPenName(deps.store, creatorKey)).penName !== null);
    // A retried publish (same Idempotency-Key) is the same story, answered as the first was.
    const storyId = chosenId(context, 'new story');
    const command: PublishStory = newCommand(
      'PublishStory',
      {
        storyId,
        slides: processed.map((p, i) => ({ image: p.image, text: upload.texts[i]!, alt: alts[i] })),
        preview: preview.image,
        isPremium: upload.isPremium,
        ...labels,
        curatedTags,
        creatorKey,
        penNameChosen,
        assurance,
      },
      deps.clock(),
    );
    eventsOrThrow(decideStory(command, initialStoryState())); // refuses before anything is written

    // The story carries the account's name from its first projection: the name is recorded first.
    if (upload.penName !== undefined && actor.kind === 'user') {
      await choosePenName(deps, actor.userKey, upload.penName, deps.clock(), context);
    }
    await storeImages(deps.options.dataDir, [...processed.flatMap((p) => p.files), ...preview.files]);
    const result = await handleCommand(deps.store, streams.story(storyId), storyDecider, command, context);
    return withPosition(reply.status(201), deps, result.position).send({ id: storyId });
  });
};
