import { CONSOLE_MAX_PICTURE_BYTES, PRODUCT_IMAGE_WIDTHS, THUMBNAIL_SIZE } from '@shop/contract';
import sharp from 'sharp';
import { Semaphore } from './semaphore.js';

/**
 * Pictures a store uploads: resized once, at upload, to every size the images route serves (the
 * widths at 4:3, and the 300x200 thumbnail), as WebP. The route then serves them byte for byte at
 * the same URLs as drawn pictures, with the same caching.
 */

/** Every size the images route answers: (w, w*3/4) per width, and the thumbnail. */
export function servedSizes(): { width: number; height: number }[] {
  return [
    ...PRODUCT_IMAGE_WIDTHS.map((width) => ({ width, height: Math.round((width * 3) / 4) })),
    { width: THUMBNAIL_SIZE.width, height: THUMBNAIL_SIZE.height },
  ];
}

/** A file that is not a picture sharp reads, or too big: the message names what is wrong. */
export class PictureError extends Error {}

const FORMATS = new Set(['jpeg', 'png', 'webp']);

/**
 * The most pixels an uploaded picture may have, in megapixels (the refusal names it). The 5 MB cap
 * on the file does not bound them: a PNG of one colour compresses a thousandfold, so 153 kB can
 * hold 49 megapixels, and it is decoding them that costs memory and time. 40 is more than any photo
 * a phone or camera saves within 5 MB (phones save 12-24 MP by default; a 45-50 MP full-resolution
 * shot is well over 5 MB as a JPEG) and less than such a bomb.
 */
export const MAX_PICTURE_MEGAPIXELS = 40;
const MAX_PIXELS = MAX_PICTURE_MEGAPIXELS * 1_000_000;

/**
 * Pictures being resized at once in this process; further uploads wait their turn rather than fail.
 * Each resize already uses every core (libvips' threads) and holds a decoded picture in memory, so
 * running more at once only multiplies the memory and slows every one of them.
 */
export const MAX_CONCURRENT_RESIZES = 2;
export const resizeSlots = new Semaphore(MAX_CONCURRENT_RESIZES);

/** The smallest frame every served size fits in (800x600): the upload is brought down to it once. */
const LARGEST = {
  width: Math.max(...servedSizes().map((size) => size.width)),
  height: Math.max(...servedSizes().map((size) => size.height)),
};

/**
 * One uploaded file at every served size. The whole picture is kept (fit inside the frame, on
 * white, as shop photos are shown), turned upright from its EXIF orientation, and its metadata
 * (camera, GPS) dropped: WebP output from sharp carries none unless asked.
 */
export async function pictureVariants(file: Buffer): Promise<{ width: number; height: number; bytes: Buffer }[]> {
  if (file.length === 0 || file.length > CONSOLE_MAX_PICTURE_BYTES)
    throw new PictureError('must be a picture of 5 MB or less');
  let header: sharp.Metadata;
  try {
    // The header alone (no pixels are decoded), with no limit of sharp's: the size is checked
    // below with a message that names the limit, before any decoding and without a slot.
    header = await sharp(file, { limitInputPixels: false }).metadata();
  } catch {
    throw new PictureError('must be a JPEG, PNG or WebP picture');
  }
  const { format, width, height } = header;
  if (!format || !FORMATS.has(format) || !width || !height)
    throw new PictureError('must be a JPEG, PNG or WebP picture');
  if (width * height > MAX_PIXELS)
    throw new PictureError(
      `is too large: at most ${MAX_PICTURE_MEGAPIXELS} megapixels (this one is ${width} x ${height} pixels)`,
    );
  return resizeSlots.run(() => resize(file));
}

async function resize(file: Buffer): Promise<{ width: number; height: number; bytes: Buffer }[]> {
  try {
    // Decoded once, turned upright and brought down to the largest frame; every size is made from
    // that (decoding the upload afresh for each of the five sizes took two to four times the time
    // and up to three times the memory). sharp's own limit stays on, should the header understate
    // the pixels.
    const { data, info } = await sharp(file, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize(LARGEST.width, LARGEST.height, { fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { width: info.width, height: info.height, channels: info.channels };
    return await Promise.all(
      servedSizes().map(async ({ width, height }) => ({
        width,
        height,
        bytes: await sharp(data, { raw })
          .resize(width, height, { fit: 'contain', background: '#ffffff' })
          .flatten({ background: '#ffffff' })
          .webp({ quality: 80 })
          .toBuffer(),
      })),
    );
  } catch {
    throw new PictureError('could not be read as a picture');
  }
}
