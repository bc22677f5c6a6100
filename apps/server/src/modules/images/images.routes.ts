import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PRODUCT_IMAGE_WIDTHS, THUMBNAIL_SIZE } from '@shop/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import sharp from 'sharp';
import { z } from 'zod';
import { BadRequestError, NotFoundError } from '../../lib/errors.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import { categoryIconSvg, productImageSvg } from './product-image.js';

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

const ONE_YEAR = 'public, max-age=31536000, immutable';

function send(reply: FastifyReply, body: Buffer | string, type: string, etag: string) {
  return reply.header('Content-Type', type).header('Cache-Control', ONE_YEAR).header('ETag', etag).send(body);
}

/**
 * Product pictures at the widths the spec asks for (800, 600, 450, 300; thumbnails 300x200), drawn
 * on first request and cached on disk; category icons as SVG.
 */
export function registerImageRoutes(app: FastifyInstance, catalogue: CatalogueService, cacheDir: string): void {
  app.get('/c3api/images/product/:code/:position', async (request, reply) => {
    const params = ImageParamsSchema.safeParse(request.params);
    if (!params.success)
      throw new BadRequestError(
        `Invalid input. ${params.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('. ')}`,
      );
    const query = ImageQuerySchema.safeParse(request.query ?? {});
    if (!query.success)
      throw new BadRequestError(
        `Invalid input. ${query.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('. ')}`,
      );
    const { code, position } = params.data;
    const thumb = query.data.thumb === 'true';
    const width = thumb ? THUMBNAIL_SIZE.width : query.data.w;
    const height = thumb ? THUMBNAIL_SIZE.height : Math.round((width * 3) / 4);
    const key = `${code.toUpperCase()}-${position}-${width}x${height}`;
    const etag = `"${createHash('sha1').update(key).digest('hex').slice(0, 16)}"`;
    if (request.headers['if-none-match'] === etag) return reply.code(304).header('Cache-Control', ONE_YEAR).send();

    const file = path.join(cacheDir, `${key}.webp`);
    const cached = await readFile(file).catch(() => null);
    if (cached) return send(reply, cached, 'image/webp', etag);

    const info = await catalogue.imageInfo(code.toUpperCase());
    if (!info || position > info.image_count) throw new NotFoundError(`No image ${position} for item ${code}`);
    const svg = productImageSvg({ code, position, brand: info.brand, icon: info.icon, width, height });
    const image = await sharp(Buffer.from(svg)).webp({ quality: 78 }).toBuffer();
    await mkdir(cacheDir, { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    await writeFile(temporary, image);
    await rename(temporary, file);
    return send(reply, image, 'image/webp', etag);
  });

  app.get('/c3api/images/category-icon/:name', async (request, reply) => {
    const name = String((request.params as { name?: string }).name ?? '').replace(/\.svg$/, '');
    const svg = /^[a-z]+$/.test(name) ? categoryIconSvg(name) : null;
    if (!svg) throw new NotFoundError(`No icon named ${name}`);
    return send(reply, svg, 'image/svg+xml', `"icon-${name}"`);
  });
}
