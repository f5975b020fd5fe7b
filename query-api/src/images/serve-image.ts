import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  ageAssuranceMessages,
  imagesDir,
  PREVIEW_REF,
  pickRendition,
  previewFileName,
  SLIDE_REF,
  slideFileName,
} from '@nocturne/domain';
import { apiSchema, HttpError } from '@nocturne/http-kit';
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { AgeGate } from '../age-assurance/age-gate';
import type { QueryApiDeps } from '../deps';
import { userKeyOf, verifySignedRef } from './signed-ref';

const Params = z.object({ name: z.string().max(200) });
const Query = z.object({ w: z.coerce.number().int().min(1).max(4000).optional() });

const NOT_FOUND = 'Image not found';

interface Found {
  file: string;
  cacheControl: string;
}

/** A plain reference to an image of an Explicit story, asked where the viewer must be assured first. */
const AGE_GATED = 'age-gated';

/**
 * How long any cache may keep an image before asking again. A hidden, unpublished or deleted
 * story's images answer 404 at once, so a takedown reaches every cache within this window; while
 * the story stays live a revalidation is a 304 without the bytes (the ETag is the content hash).
 */
export const IMAGE_MAX_AGE_SECONDS = 300;

/** A free story without content warnings: shared caches (a CDN) may keep it for the window. */
export const SHARED_IMAGE = `public, max-age=${IMAGE_MAX_AGE_SECONDS}, must-revalidate`;
/** A premium story's, an Explicit one's, or one with content warnings: the reader's own browser only, never a shared cache. */
export const PRIVATE_IMAGE = `private, max-age=${IMAGE_MAX_AGE_SECONDS}, must-revalidate`;

/** A signed reference (premium, a draft, staff): private, and never kept past its expiry. */
const signedCacheControl = (secondsLeft: number) =>
  `private, max-age=${Math.min(secondsLeft, IMAGE_MAX_AGE_SECONDS)}, must-revalidate`;

/**
 * Images of premium stories, of stories rated Explicit and of stories whose content warnings mark
 * them explicit, stay out of shared caches.
 */
function plainCacheControl(row: { is_premium: boolean; explicit: boolean }): string {
  return row.is_premium || row.explicit ? PRIVATE_IMAGE : SHARED_IMAGE;
}

/** If-None-Match holds this ETag (a list, `*`, or weak forms of it). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/**
 * Which file a requested name stands for, or null. Only names the server issued and that belong
 * to a live story are served: a free story's slide images and every story's preview by their
 * plain reference; a premium story's slide images only by a valid signed reference. Where the
 * viewer must be assured to be an adult (`ageGated`), an Explicit story's images, previews
 * included, only by a reference signed for an assured viewer: a plain one is AGE_GATED.
 */
async function resolve(
  deps: QueryApiDeps,
  name: string,
  wanted: number | undefined,
  ageGated: boolean,
): Promise<Found | typeof AGE_GATED | null> {
  const all = deps.db.selectFrom('story_images').select(['width']);
  // A hidden story's images are served to no reader (unlocked copies included): only to staff,
  // through a reference signed for an admin session (the moderation queue's).
  // One content-hashed image may belong to several stories: the strictest of them decides.
  // Explicit: the story carries content warnings, or is rated Explicit.
  const explicit = sql<boolean>`(jsonb_array_length(coalesce(stories.card->'warnings', '[]'::jsonb)) > 0
    or story_images.explicit)`;
  const images = deps.db
    .selectFrom('story_images')
    .innerJoin('stories', 'stories.id', 'story_images.story_id')
    .select([
      'story_images.width',
      'story_images.is_premium',
      explicit.as('explicit'),
      // Of every story holding the image: one rated Explicit gates it.
      sql<boolean>`bool_or(story_images.explicit) over ()`.as('rated_explicit'),
    ])
    .where('story_images.hidden', '=', false)
    .where('stories.hidden_reason', 'is', null)
    .orderBy(sql`story_images.is_premium or ${explicit}`, 'desc');
  if (SLIDE_REF.test(name)) {
    const row = await images
      .where('story_images.ref', '=', name)
      .where('story_images.kind', '=', 'slide')
      .where('story_images.is_premium', '=', false)
      .executeTakeFirst();
    if (row && ageGated && row.rated_explicit) return AGE_GATED;
    return row
      ? { file: slideFileName(name, pickRendition(row.width, wanted)), cacheControl: plainCacheControl(row) }
      : null;
  }
  if (PREVIEW_REF.test(name)) {
    const row = await images
      .where('story_images.ref', '=', name)
      .where('story_images.kind', '=', 'preview')
      .executeTakeFirst();
    if (row && ageGated && row.rated_explicit) return AGE_GATED;
    return row ? { file: previewFileName(name), cacheControl: plainCacheControl(row) } : null;
  }
  const signed = verifySignedRef(deps.options.secret, name, deps.clock());
  if (!signed) return null;
  const staff = signed.subject.startsWith('a');
  // A preview is signed only for an assured viewer of an Explicit story (story-answer.ts).
  const preview = PREVIEW_REF.test(signed.ref);
  const row =
    (await (staff ? all : images)
      .where('ref', '=', signed.ref)
      .where('kind', '=', preview ? 'preview' : 'slide')
      .executeTakeFirst()) ??
    (staff || preview ? undefined : await draftImage(deps, signed.ref, signed.subject));
  if (!row) return null;
  return {
    file: preview ? previewFileName(signed.ref) : slideFileName(signed.ref, pickRendition(row.width, wanted)),
    cacheControl: signedCacheControl(signed.secondsLeft),
  };
}

/** An image of a draft, for its creator only (the subject its reference was signed for). */
async function draftImage(deps: QueryApiDeps, ref: string, subject: string) {
  const creatorKey = userKeyOf(subject);
  const draft = await deps.db
    .selectFrom('drafts')
    .select('slides')
    .where('creator_key', '=', creatorKey)
    .where(sql<boolean>`slides @> ${JSON.stringify([{ image: { ref } }])}::jsonb`)
    .executeTakeFirst();
  const image = draft?.slides.find((slide) => slide.image.ref === ref)?.image;
  return image ? { width: image.width } : undefined;
}

const imageDoc = apiSchema({
  summary: "An image: a free story's rendition, a preview, or a signed reference of a premium one",
  tags: ['stories'],
  params: Params,
  querystring: Query,
  ok: {
    200: {
      description: 'The WebP rendition closest to the width asked for (w)',
      contentType: 'image/webp',
      schema: z.string().meta({ format: 'binary' }),
    },
  },
  errors: {
    403: "An Explicit story's image by its plain reference, where the viewer must be assured to be an adult",
    404: 'Image not found (unknown, premium without a valid signature, or expired)',
  },
});

/**
 * GET /api/images/{ref}[?w=width]: a stored WebP rendition. The file name is built by the
 * server from a validated reference, never from the request path, so `../x` cannot escape.
 */
export const serveImageRoutes: FastifyPluginAsync<QueryApiDeps> = async (app, deps) => {
  const gate = new AgeGate(deps.options);
  app.get('/api/images/:name', { schema: imageDoc }, async (request, reply) => {
    const { name } = Params.parse(request.params);
    const query = Query.safeParse(request.query);
    const found = await resolve(
      deps,
      name,
      query.success ? query.data.w : undefined,
      // A fetch (not an <img>) may carry the visitor's age token itself.
      gate.requiredFor(request.headers) && !gate.visitorSigner(request.headers, deps.clock()),
    );
    if (found === AGE_GATED) {
      // Where the region decides, another region's viewer may be served this very URL.
      reply.header('Vary', 'CF-IPCountry');
      throw new HttpError(403, ageAssuranceMessages.imageRequiresAssurance);
    }
    if (!found) throw new HttpError(404, NOT_FOUND);
    const path = join(imagesDir(deps.options.dataDir), found.file);
    let size: number;
    try {
      size = (await stat(path)).size;
    } catch {
      throw new HttpError(404, NOT_FOUND);
    }
    // The file name is a content hash and its width: its bytes never change, a strong validator.
    const etag = `"${found.file}"`;
    reply
      .header('Content-Type', 'image/webp')
      .header('Cache-Control', found.cacheControl)
      .header('ETag', etag)
      .header('X-Content-Type-Options', 'nosniff');
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
    // Streamed from disk: a large rendition is never held whole in memory.
    return reply.header('Content-Length', size).send(createReadStream(path));
  });
};
