import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PRODUCT_IMAGE_WIDTHS, THUMBNAIL_SIZE } from '@shop/contract';
import sharp from 'sharp';
import { z } from 'zod';
import { NotFoundError } from '../../lib/errors.js';
import { type ApiRoute, defineRawRoute, type RawReply } from '../../lib/route.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import { categoryIconSvg, DRAWING_VERSION, productImageSvg } from './product-image.js';

const ImageParamsSchema = z.object({
  code: z.string().regex(/^[A-Za-z0-9]{1,20}$/, 'must be a product code'),
  position: z.coerce.number().int().min(1).max(6),
});

const ImageQuerySchema = z.object({
  w: z.coerce
    .number()
    .refine((w) => (PRODUCT_IMAGE_WIDTHS as readonly number[]).includes(w), 'must be 800, 600, 450 or 300')
    .default(800),
  thumb: z.enum(['true', 'false']).default('false'),
});

/** Any name: one we do not draw is simply not found. */
const IconParamsSchema = z.object({ name: z.string().transform((name) => name.replace(/\.svg$/, '')) });

const ONE_YEAR = 'public, max-age=31536000, immutable';

function file(body: Buffer | string, contentType: string, etag: string): RawReply {
  return { kind: 'body', contentType, body, headers: { 'Cache-Control': ONE_YEAR, ETag: etag } };
}

/**
 * Product pictures at the widths the spec asks for (800, 600, 450, 300; thumbnails 300x200): a
 * store's uploaded picture (uploaded-picture.ts, stored resized in the database) when there is
 * one, otherwise drawn on first request and cached on disk; category icons as SVG. Cached for a year by browsers and
 * CDNs, so they never carry a cookie.
 */
export function imageRoutes(catalogue: CatalogueService, cacheDir: string): ApiRoute[] {
  return [
    defineRawRoute({
      method: 'GET',
      url: '/c3api/images/product/:code/:position',
      summary: "An item's picture n (1-6) as WebP at width w (800, 600, 450, 300), or a 300x200 thumbnail",
      tag: 'images',
      auth: 'none',
      cookieless: true,
      params: ImageParamsSchema,
      query: ImageQuerySchema,
      produces: ['image/webp'],
      handler: async (ctx, { params, query, headers }) => {
        const { code, position } = params;
        const thumb = query.thumb === 'true';
        const width = thumb ? THUMBNAIL_SIZE.width : query.w;
        const height = thumb ? THUMBNAIL_SIZE.height : Math.round((width * 3) / 4);
        // The drawing's version is in the name: a new drawing is never hidden behind a cached old one.
        // A picture the store uploaded comes first (stored at every served size, keyed by its bytes).
        const uploaded = await catalogue.uploadedPicture(ctx, code, position, width, height);
        if (uploaded) {
          const tag = `"u${createHash('sha1').update(uploaded).digest('hex').slice(0, 16)}"`;
          if (headers['if-none-match'] === tag) return { kind: 'not-modified', headers: { 'Cache-Control': ONE_YEAR } };
          return file(uploaded, 'image/webp', tag);
        }
        const key = `v${DRAWING_VERSION}-${code.toUpperCase()}-${position}-${width}x${height}`;
        const etag = `"${createHash('sha1').update(key).digest('hex').slice(0, 16)}"`;
        if (headers['if-none-match'] === etag) return { kind: 'not-modified', headers: { 'Cache-Control': ONE_YEAR } };
        const cached = path.join(cacheDir, `${key}.webp`);
        const stored = await readFile(cached).catch(() => null);
        if (stored) return file(stored, 'image/webp', etag);
        const info = await catalogue.imageInfo(ctx, code.toUpperCase());
        if (!info || position > info.image_count) throw new NotFoundError(`No image ${position} for item ${code}`);
        const svg = productImageSvg({
          code: code.toUpperCase(),
          position,
          brand: info.brand,
          icon: info.icon,
          width,
          height,
          leaf: info.category_slug,
          colour: info.colour,
          title: info.title,
        });
        const image = await sharp(Buffer.from(svg)).webp({ quality: 78 }).toBuffer();
        await mkdir(cacheDir, { recursive: true });
        const temporary = `${cached}.${process.pid}.tmp`;
        await writeFile(temporary, image);
        await rename(temporary, cached);
        return file(image, 'image/webp', etag);
      },
    }),
    defineRawRoute({
      method: 'GET',
      url: '/c3api/images/category-icon/:name',
      summary: "A category's icon as SVG (the name with or without .svg)",
      tag: 'images',
      auth: 'none',
      cookieless: true,
      params: IconParamsSchema,
      produces: ['image/svg+xml'],
      handler: async (_ctx, { params }) => {
        const svg = /^[a-z]{1,40}$/.test(params.name) ? categoryIconSvg(params.name) : null;
        if (!svg) throw new NotFoundError(`No icon named ${params.name}`);
        return file(svg, 'image/svg+xml', `"icon-${params.name}"`);
      },
    }),
  ];
}
