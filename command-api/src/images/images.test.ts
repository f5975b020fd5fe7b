import { pickRendition, renditionWidths } from '@nocturne/domain';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { asyncRefusalOf } from '../shared/testing/refusal';
import { makePreview, processSlideImage } from './process-image';
import { sniffImage } from './sniff-image';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();

describe('sniffImage', () => {
  it('accepts real PNG, JPEG, WebP, GIF and AVIF bytes', async () => {
    const base = sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } });
    expect(await sniffImage(await base.clone().png().toBuffer(), 1)).toBe('png');
    expect(await sniffImage(await base.clone().jpeg().toBuffer(), 1)).toBe('jpg');
    expect(await sniffImage(await base.clone().webp().toBuffer(), 1)).toBe('webp');
    expect(await sniffImage(await base.clone().gif().toBuffer(), 1)).toBe('gif');
    expect(await sniffImage(await base.clone().avif().toBuffer(), 1)).toBe('avif');
  });

  it('refuses bytes that only claim to be an image', async () => {
    expect(await asyncRefusalOf(sniffImage(Buffer.from('not really a png, just text'), 2))).toEqual({
      status: 415,
      detail: 'Image 2 is not a JPEG, PNG, WebP, GIF or AVIF image.',
    });
    const pdf = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n');
    expect((await asyncRefusalOf(sniffImage(pdf, 1))).status).toBe(415);
  });

  it('refuses an empty file and one over 15 MB', async () => {
    expect((await asyncRefusalOf(sniffImage(Buffer.alloc(0), 1))).status).toBe(400);
    expect(await asyncRefusalOf(sniffImage(Buffer.alloc(15 * 1024 * 1024 + 1), 3))).toEqual({
      status: 413,
      detail: 'Image 3 is larger than 15 MB.',
    });
  });
});

describe('processSlideImage', () => {
  it('re-encodes to WebP renditions named by content hash, never upscaled', async () => {
    const bytes = await png(1000, 1500);
    const result = await processSlideImage(bytes, 1);
    expect(result.image).toEqual({ ref: expect.stringMatching(/^[0-9a-f]{32}$/), width: 1000, height: 1500 });
    expect(result.files.map((f) => f.name)).toEqual([
      `${result.image.ref}-480.webp`,
      `${result.image.ref}-960.webp`,
      `${result.image.ref}-1000.webp`,
    ]);
    for (const file of result.files) {
      const meta = await sharp(file.bytes).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
    }
    expect((await processSlideImage(bytes, 1)).image.ref).toBe(result.image.ref);
  });

  it('drops EXIF metadata (e.g. GPS) and applies the orientation', async () => {
    const withExif = await sharp(await png(40, 20))
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret location' } } })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const result = await processSlideImage(withExif, 1);
    expect(result.image).toMatchObject({ width: 20, height: 40 });
    const meta = await sharp(result.files[0]!.bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.width).toBe(20);
  });

  it('refuses an image over 40 megapixels', async () => {
    const huge = await sharp({ create: { width: 8000, height: 5001, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(await asyncRefusalOf(processSlideImage(huge, 4))).toEqual({
      status: 413,
      detail: 'Image 4 is larger than 40 megapixels.',
    });
  });

  it('refuses a truncated image', async () => {
    const bytes = await png(200, 200);
    expect((await asyncRefusalOf(processSlideImage(bytes.subarray(0, 60), 1))).status).toBe(400);
  });
});

describe('makePreview', () => {
  it('is a small blurred WebP whose detail is gone', async () => {
    // A fine checkerboard: every pixel differs from its neighbour.
    const size = 256;
    const raw = Buffer.alloc(size * size * 3);
    for (let i = 0; i < size * size; i++)
      raw.fill((i + Math.floor(i / size)) % 2 ? 255 : 0, i * 3, i * 3 + 3);
    const source = await sharp(raw, { raw: { width: size, height: size, channels: 3 } })
      .png()
      .toBuffer();
    const preview = await makePreview(source, 1);
    expect(preview.image.ref).toMatch(/^preview-[0-9a-f]{32}$/);
    expect(preview.image.width).toBe(240);
    const stats = await sharp(preview.files[0]!.bytes).stats();
    // The checkerboard's contrast (stdev ~128) is averaged away.
    expect(stats.channels[0]!.stdev).toBeLessThan(10);
  });
});

describe('renditions', () => {
  it('never exceed the original width and pick the smallest that fits', () => {
    expect(renditionWidths(3000)).toEqual([480, 960, 1440]);
    expect(renditionWidths(700)).toEqual([480, 700]);
    expect(renditionWidths(300)).toEqual([300]);
    expect(pickRendition(3000)).toBe(1440);
    expect(pickRendition(3000, 500)).toBe(960);
    expect(pickRendition(3000, 5000)).toBe(1440);
  });
});
