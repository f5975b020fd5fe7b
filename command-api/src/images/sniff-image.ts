import { HttpError } from '@nocturne/http-kit';
import { fileTypeFromBuffer } from 'file-type';
import { ACCEPTED_FORMATS, MAX_IMAGE_BYTES } from './upload-limits';

type AcceptedFormat = (typeof ACCEPTED_FORMATS)[number];

/**
 * Which image format the bytes really are. The name and the declared content type are
 * ignored: a file is accepted only when its magic bytes say JPEG, PNG, WebP, GIF or AVIF.
 * `position` is 1-based, for the message.
 */
export async function sniffImage(bytes: Uint8Array, position: number): Promise<AcceptedFormat> {
  if (bytes.length === 0) throw new HttpError(400, `Image ${position} is empty.`);
  if (bytes.length > MAX_IMAGE_BYTES) throw new HttpError(413, `Image ${position} is larger than 15 MB.`);
  const detected = await fileTypeFromBuffer(bytes);
  const ext = detected?.ext as AcceptedFormat | undefined;
  if (!ext || !ACCEPTED_FORMATS.includes(ext)) {
    throw new HttpError(415, `Image ${position} is not a JPEG, PNG, WebP, GIF or AVIF image.`);
  }
  return ext;
}
