import {
  altTextsProblem,
  DEFAULT_STORY_RATING,
  MAX_SLIDES,
  ratingFrom,
  refuse,
  type StoryRatingId,
  slideMessages,
} from '@nocturne/domain';
import { HttpError, requireStorableText } from '@nocturne/http-kit';
import type { FastifyRequest } from 'fastify';
import { MAX_IMAGE_BYTES } from '../images/upload-limits';
import { httpErrorOf } from '../shared/refusals';

/** A story's multipart body as sent: a publish's, a draft's, or a revision's. */
export interface Upload {
  images: Buffer[];
  texts: string[];
  isPremium: boolean;
  /** Repeated `tags` and `warnings` fields, as sent. */
  tags: string[];
  warnings: string[];
  /** The `rating` field as sent (general, mature or explicit), if any. */
  rating?: string;
  /** A pen name chosen with the story (a user's first, or a change): recorded before the story. */
  penName?: string;
  /**
   * Repeated `keep`, one per slide when sent (an edit): the slide whose image it keeps, or empty
   * for the next uploaded image.
   */
  keep: string[];
  /**
   * Repeated `alts`, one per slide when sent: what each slide's image shows, for readers who
   * cannot see it ('' for none).
   */
  alts: string[];
}

const truthy = (value: string) => ['true', 'on', '1', 'yes'].includes(value.trim().toLowerCase());

/** Reads the multipart body into memory within the limits, mapping each refusal to a clear 4xx. */
export async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) throw new HttpError(415, 'Send the story as multipart/form-data.');
  const upload: Upload = {
    images: [],
    texts: [],
    isPremium: false,
    tags: [],
    warnings: [],
    keep: [],
    alts: [],
  };
  try {
    for await (const part of request.parts({
      // Fields: per slide a text, a keep and an alt text, and the labels and flags.
      limits: { fileSize: MAX_IMAGE_BYTES, files: MAX_SLIDES + 1, fields: 64, fieldSize: 64 * 1024 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'images') {
          part.file.resume();
          continue;
        }
        upload.images.push(await part.toBuffer());
      } else if (part.fieldname === 'texts') {
        if (part.valueTruncated) throw new HttpError(400, slideMessages.badWordCount);
        requireStorableText(String(part.value), `texts.${upload.texts.length}`);
        upload.texts.push(String(part.value));
      } else if (part.fieldname === 'isPremium') {
        upload.isPremium = truthy(String(part.value));
      } else if (part.fieldname === 'penName') {
        requireStorableText(String(part.value), 'penName');
        upload.penName = String(part.value);
      } else if (part.fieldname === 'rating') {
        requireStorableText(String(part.value), 'rating');
        upload.rating = String(part.value);
      } else if (part.fieldname === 'alts') {
        requireStorableText(String(part.value), `alts.${upload.alts.length}`);
        upload.alts.push(String(part.value));
      } else if (part.fieldname === 'keep') {
        upload.keep.push(String(part.value).trim());
      } else if (part.fieldname === 'tags' || part.fieldname === 'warnings') {
        requireStorableText(String(part.value), part.fieldname);
        upload[part.fieldname].push(String(part.value));
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(413, `Image ${upload.images.length + 1} is larger than 15 MB.`);
    }
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new HttpError(400, slideMessages.tooManySlides);
    }
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      throw new HttpError(415, 'Send the story as multipart/form-data.');
    }
    throw new HttpError(400, 'The upload could not be read. Please try again.');
  }
  return upload;
}

/** The form's `rating`, or null without one; a rating that does not exist is a 400. */
export function sentRating(value: string | undefined): StoryRatingId | null {
  if (value === undefined || value.trim() === '') return null;
  const parsed = ratingFrom(value, DEFAULT_STORY_RATING);
  if ('problem' in parsed) throw httpErrorOf(refuse('invalid', parsed.problem));
  return parsed.rating;
}

/**
 * Each slide's alt text as sent (undefined for every slide when the form sent none, so an edit
 * keeps what its kept slides had), or a 400: a count that is not one per slide, or one too long.
 */
export function sentAlts(upload: Pick<Upload, 'alts' | 'texts'>): (string | undefined)[] {
  if (upload.alts.length === 0) return upload.texts.map(() => undefined);
  if (upload.alts.length !== upload.texts.length) {
    throw new HttpError(400, 'Send one alts field per slide (empty for none).');
  }
  const problem = altTextsProblem(upload.alts);
  if (problem) throw httpErrorOf(refuse('invalid', problem));
  return upload.alts;
}
