import { CONSOLE_MAX_PICTURE_BYTES, PRODUCT_IMAGE_WIDTHS, THUMBNAIL_SIZE } from '@shop/contract';
import sharp from 'sharp';

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
/** A bound on decoded size, so a small file cannot expand into gigabytes of pixels. */
const MAX_PIXELS = 50_000_000;

/**
 * One uploaded file at every served size. The whole picture is kept (fit inside the frame, on
 * white, as shop photos are shown), turned upright from its EXIF orientation, and its metadata
 * (camera, GPS) dropped: WebP output from sharp carries none unless asked.
 */
export async function pictureVariants(file: Buffer): Promise<{ width: number; height: number; bytes: Buffer }[]> {
  if (file.length === 0 || file.length > CONSOLE_MAX_PICTURE_BYTES)
    throw new PictureError('must be a picture of 5 MB or less');
  let format: string | undefined;
  try {
    format = (await sharp(file, { limitInputPixels: MAX_PIXELS }).metadata()).format;
  } catch {
    throw new PictureError('must be a JPEG, PNG or WebP picture');
  }
  if (!format || !FORMATS.has(format)) throw new PictureError('must be a JPEG, PNG or WebP picture');
  try {
    return await Promise.all(
      servedSizes().map(async ({ width, height }) => ({
        width,
        height,
        bytes: await sharp(file, { limitInputPixels: MAX_PIXELS })
          .rotate()
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
