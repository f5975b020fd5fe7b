import { createHash } from 'node:crypto';
import { previewFileName, renditionWidths, slideFileName } from '@nocturne/domain';
import type { ImageRef } from '@nocturne/events';
import { HttpError } from '@nocturne/http-kit';
import sharp, { type Metadata } from 'sharp';
import { MAX_IMAGE_PIXELS } from './upload-limits';

/** A file to write under DATA_DIR/images, named by the server. */
export interface ImageFile {
  name: string;
  bytes: Buffer;
}

export interface ProcessedImage {
  image: ImageRef;
  files: ImageFile[];
}

// libvips's operation cache keeps up to 50 MB of recent results for an operation run again on
// the same input; every upload is new bytes, so it would only hold memory (a server
// process is to stay under 200 MB of RSS).
sharp.cache(false);

const decodeOptions = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', animated: false } as const;

/** Width and height as displayed (EXIF orientations 5-8 swap them), refusing oversized images. */
async function displaySize(bytes: Buffer, position: number): Promise<{ width: number; height: number }> {
  let meta: Metadata;
  try {
    // The header only, without the pixel limit, so an oversized image gets its own message.
    meta = await sharp(bytes, { ...decodeOptions, limitInputPixels: false }).metadata();
  } catch {
    throw new HttpError(400, `Image ${position} could not be read.`);
  }
  const { width, height } = meta;
  if (!width || !height) throw new HttpError(400, `Image ${position} could not be read.`);
  if (width * height > MAX_IMAGE_PIXELS) {
    throw new HttpError(413, `Image ${position} is larger than 40 megapixels.`);
  }
  return (meta.orientation ?? 1) >= 5 ? { width: height, height: width } : { width, height };
}

/**
 * Re-encodes an uploaded image into WebP renditions (480, 960, 1440 px wide, never upscaled).
 * Re-encoding drops every piece of metadata (EXIF, GPS, ICC comments) and anything hidden in
 * the file besides the pixels. The reference is the sha256 of the uploaded bytes, so the same
 * upload always yields the same names.
 */
export async function processSlideImage(bytes: Buffer, position: number): Promise<ProcessedImage> {
  const { width, height } = await displaySize(bytes, position);
  const ref = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
  try {
    const files = await Promise.all(
      renditionWidths(width).map(async (w) => ({
        name: slideFileName(ref, w),
        bytes: await sharp(bytes, decodeOptions)
          .autoOrient()
          .resize({ width: w, withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer(),
      })),
    );
    return { image: { ref, width, height }, files };
  } catch {
    throw new HttpError(400, `Image ${position} could not be read.`);
  }
}

/** Width of the preview as sent; it is made from an image only this many pixels wide. */
const PREVIEW_SOURCE_WIDTH = 24;
const PREVIEW_WIDTH = 240;

/**
 * The card image of a story for viewers who may not read it: the picture is shrunk to 24 px,
 * blurred, and only then scaled up to 240 px, so the original cannot be recovered from it.
 */
export async function makePreview(bytes: Buffer, position: number): Promise<ProcessedImage> {
  try {
    const tiny = await sharp(bytes, decodeOptions)
      .autoOrient()
      .resize({ width: PREVIEW_SOURCE_WIDTH })
      .blur(1.2)
      .png()
      .toBuffer();
    const { data, info } = await sharp(tiny)
      .resize({ width: PREVIEW_WIDTH, kernel: 'cubic' })
      .blur(6)
      .webp({ quality: 50 })
      .toBuffer({ resolveWithObject: true });
    const ref = `preview-${createHash('sha256').update(data).digest('hex').slice(0, 32)}`;
    return {
      image: { ref, width: info.width, height: info.height },
      files: [{ name: previewFileName(ref), bytes: data }],
    };
  } catch {
    throw new HttpError(400, `Image ${position} could not be read.`);
  }
}
