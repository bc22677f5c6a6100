import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { productImageSvg } from './product-image.js';
import {
  MAX_CONCURRENT_RESIZES,
  MAX_PICTURE_MEGAPIXELS,
  PictureError,
  pictureVariants,
  resizeSlots,
  servedSizes,
} from './uploaded-picture.js';

/** A PNG of one colour: a few hundred kB at any size, as a decompression bomb is. */
const flatPng = (width: number, height: number, background = '#c0392b') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

/** A photo-like JPEG: one of the shop's own drawings (gradients, shapes, a shadow) at the given size. */
const photo = (width: number, height: number) =>
  sharp(Buffer.from(productImageSvg({ code: 'PHOTO1', position: 1, brand: 'Fender', icon: 'guitar', width, height })))
    .jpeg({ quality: 85 })
    .toBuffer();

/** Mean absolute difference per channel value (0-255) of two pictures of the same size. */
async function difference(a: Buffer, b: Buffer): Promise<number> {
  const [left, right] = await Promise.all([sharp(a).raw().toBuffer(), sharp(b).raw().toBuffer()]);
  expect(left.length).toBe(right.length);
  let sum = 0;
  for (let i = 0; i < left.length; i++) sum += Math.abs((left[i] ?? 0) - (right[i] ?? 0));
  return sum / left.length;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('uploaded pictures', () => {
  it('refuses a picture of more pixels than the limit from its header, naming the limit, without a resize', async () => {
    expect(MAX_PICTURE_MEGAPIXELS).toBe(40);
    const run = vi.spyOn(resizeSlots, 'run');
    // 56 megapixels in a small file; and the probe's 49-megapixel PNG (8064 x 6048, about 150 kB).
    for (const [width, height] of [
      [8000, 7000],
      [8064, 6048],
    ] as const) {
      const file = await flatPng(width, height);
      expect(file.length).toBeLessThan(1024 * 1024);
      const refused = pictureVariants(file);
      await expect(refused).rejects.toBeInstanceOf(PictureError);
      await expect(refused).rejects.toThrow(
        `is too large: at most 40 megapixels (this one is ${width} x ${height} pixels)`,
      );
    }
    expect(run).not.toHaveBeenCalled();
  });

  it('accepts a picture of exactly the limit', async () => {
    const variants = await pictureVariants(await flatPng(8000, 5000));
    expect(variants.map(({ width, height }) => [width, height])).toEqual(
      servedSizes().map(({ width, height }) => [width, height]),
    );
  });

  it('resizes at most two pictures at once across the process; the others wait their turn and all are done', async () => {
    expect(MAX_CONCURRENT_RESIZES).toBe(2);
    const file = await flatPng(4000, 3000);
    const files = Array.from({ length: 6 }, () => file);
    // What the semaphore holds as each resize starts.
    const seen: { running: number; waiting: number }[] = [];
    const run = resizeSlots.run.bind(resizeSlots);
    vi.spyOn(resizeSlots, 'run').mockImplementation((work) =>
      run(() => {
        seen.push({ running: resizeSlots.running, waiting: resizeSlots.waiting });
        return work();
      }),
    );
    const done = await Promise.all(files.map((file) => pictureVariants(file)));
    expect(done.map((variants) => variants.length)).toEqual(Array(6).fill(servedSizes().length));
    expect(seen).toHaveLength(6);
    expect(Math.max(...seen.map((s) => s.running))).toBe(2);
    expect(Math.max(...seen.map((s) => s.waiting))).toBeGreaterThan(0);
    expect([resizeSlots.running, resizeSlots.waiting]).toEqual([0, 0]);
  });

  it('frames every size as a single resize of the upload would (the upload is decoded once)', async () => {
    for (const file of [await photo(1600, 900), await flatPng(900, 1600, '#1e8449'), await flatPng(200, 150)]) {
      const variants = await pictureVariants(file);
      for (const variant of variants) {
        const direct = await sharp(file)
          .rotate()
          .resize(variant.width, variant.height, { fit: 'contain', background: '#ffffff' })
          .flatten({ background: '#ffffff' })
          .webp({ quality: 80 })
          .toBuffer();
        const meta = await sharp(variant.bytes).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(['webp', variant.width, variant.height]);
        expect(await difference(variant.bytes, direct)).toBeLessThan(6);
      }
    }
  });

  it('still refuses what is not a JPEG, PNG or WebP picture, and an empty file', async () => {
    await expect(pictureVariants(Buffer.from('not a picture'))).rejects.toThrow('must be a JPEG, PNG or WebP picture');
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    await expect(pictureVariants(gif)).rejects.toThrow('must be a JPEG, PNG or WebP picture');
    await expect(pictureVariants(Buffer.alloc(0))).rejects.toThrow('must be a picture of 5 MB or less');
  });
});
