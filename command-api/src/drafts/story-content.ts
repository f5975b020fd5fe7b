import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type ContentWarningId,
  draftSlidesProblem,
  imagesDir,
  labelsProblem,
  pickRendition,
  refuse,
  type StoryRatingId,
  type StorySlide,
  slideFileName,
  slidesProblem,
} from '@nocturne/domain';
import type { ImageRef } from '@nocturne/events';
import { HttpError } from '@nocturne/http-kit';
import type { FastifyRequest } from 'fastify';
import type { CommandApiDeps } from '../deps';
import { type ImageFile, makePreview, processSlideImage } from '../images/process-image';
import { sniffImage } from '../images/sniff-image';
import type { WorkSlots } from '../images/work-slots';
import { contentWarningsFrom, normaliseTags } from '../labels/labels-input';
import { loadTagCatalogue } from '../labels/tag-catalogue-decider';
import { httpErrorOf } from '../shared/refusals';
import { readUpload, sentAlts, sentRating } from '../stories/story-upload';
import type { SlideInput } from './own-story-decider';

/** A draft's or a revision's content as sent, checked, its new images processed (not yet stored). */
export interface SentContent {
  slides: SlideInput[];
  preview: ImageRef;
  isPremium: boolean;
  tags: string[];
  warnings: ContentWarningId[];
  /** Null when the form sent none (the draft's or story's own rating stays). */
  rating: StoryRatingId | null;
  curatedTags: ReadonlySet<string>;
  /** The new images' files and the preview's, written only once the command is accepted. */
  files: ImageFile[];
}

/** Which slide each sent slide keeps the image of (null: the next uploaded image), or a 400. */
function keptSlides(
  keep: readonly string[],
  texts: number,
  current: readonly StorySlide[],
): (number | null)[] {
  if (keep.length === 0) return Array.from({ length: texts }, () => null);
  if (keep.length !== texts)
    throw new HttpError(400, 'Send one keep field per slide (empty for a new image).');
  return keep.map((value) => {
    if (value === '') return null;
    const index = Number(value);
    if (!Number.isInteger(index) || index < 0 || index >= current.length) {
      throw new HttpError(400, `Slide ${value} does not exist: upload an image for it.`);
    }
    return index;
  });
}

/** The bytes of a stored slide image (its largest rendition), to draw a preview from. */
async function storedImage(dataDir: string, image: ImageRef): Promise<Buffer> {
  return readFile(join(imagesDir(dataDir), slideFileName(image.ref, pickRendition(image.width))));
}

/**
 * Reads a draft's or a revision's multipart body: the story's fields as for a publish, and per
 * slide a `keep` naming the current slide whose image it keeps (empty: the next image sent). A
 * draft follows the draft rules (1 slide, empty texts allowed), a revision the story's. The body
 * is read and its images decoded in an image work slot, like a publish's.
 */
export async function readSentContent(
  request: FastifyRequest,
  deps: CommandApiDeps,
  imageWork: WorkSlots,
  current: readonly StorySlide[],
  rules: 'draft' | 'story',
): Promise<SentContent> {
  return imageWork.run(async () => {
    const upload = await readUpload(request);
    const kept = keptSlides(upload.keep, upload.texts.length, current);
    const newImages = kept.filter((k) => k === null).length;
    if (newImages !== upload.images.length) {
      throw new HttpError(400, 'Send one image for each slide that does not keep its image.');
    }
    const texts = upload.texts;
    const problem =
      rules === 'draft' ? draftSlidesProblem(texts, texts.length) : slidesProblem(texts, texts.length);
    if (problem) throw httpErrorOf(refuse('invalid', problem));
    const alts = sentAlts(upload);
    const curatedTags = await loadTagCatalogue(deps.store);
    const labels = { tags: normaliseTags(upload.tags), warnings: contentWarningsFrom(upload.warnings) };
    const labelProblem = labelsProblem(labels, curatedTags);
    if (labelProblem) throw httpErrorOf(refuse('invalid', labelProblem));
    const rating = sentRating(upload.rating);
    for (const [i, bytes] of upload.images.entries()) await sniffImage(bytes, i + 1);
    const files: ImageFile[] = [];
    const slides: SlideInput[] = [];
    let next = 0;
    for (const [i, keep] of kept.entries()) {
      const text = texts[i]!;
      const alt = alts[i];
      if (keep !== null) {
        slides.push({ text, keep, alt });
        continue;
      }
      const processed = await processSlideImage(upload.images[next]!, i + 1);
      next += 1;
      files.push(...processed.files);
      slides.push({ text, image: processed.image, alt });
    }
    const first = kept[0] ?? null;
    const previewSource =
      first === null ? upload.images[0]! : await storedImage(deps.options.dataDir, current[first]!.image);
    const preview = await makePreview(previewSource, 1);
    files.push(...preview.files);
    return {
      slides,
      preview: preview.image,
      isPremium: upload.isPremium,
      ...labels,
      rating,
      curatedTags,
      files,
    };
  }, request.raw.socket);
}
