import type { ConsoleItem, ConsoleItemListValue } from '@shop/contract';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { staffAccount } from '../../../test/console-fixtures.js';
import { categoryIdBySlug, makeStore } from '../../../test/factories.js';
import type { TestClient } from '../../../test/test-client.js';
import { testDatabaseTargets } from '../../../test/test-database.js';
import { useTestShop } from '../../../test/test-shop.js';

/** A PNG of one colour, base64 as the console sends it: tiny at any number of pixels. */
const flatPng = async (width: number, height: number, background = '#c0392b') =>
  (
    await sharp({ create: { width, height, channels: 3, background } })
      .png()
      .toBuffer()
  ).toString('base64');

describe.each(testDatabaseTargets())('pictures the store console uploads, on $name', (target) => {
  let staff: TestClient;
  let storeId: number;
  let guitars: number;
  const { database, server } = useTestShop(target, { seed: { products: 0, seed: 1 }, env: { TRUST_PROXY: 'true' } });

  const db = () => database.handle.db;
  const fields = (overrides: Record<string, unknown> = {}) => ({
    Title: 'Fender Telecaster 1972 butterscotch',
    CategoryId: guitars,
    Brand: 'Fender',
    Condition: 4,
    Description: 'Plays beautifully.',
    PriceMinor: 150_000,
    RrpMinor: 0,
    Promotion: null,
    WeightGrams: 4000,
    LengthCm: 100,
    WidthCm: 40,
    HeightCm: 12,
    Postable: true,
    ...overrides,
  });
  const add = (overrides: Record<string, unknown> = {}) =>
    staff.post<ConsoleItem>(`/c3api/console/stores/${storeId}/items`, fields(overrides));
  const itemCount = async () =>
    (await staff.get<ConsoleItemListValue>(`/c3api/console/stores/${storeId}/items`)).body.Value.TotalCount;
  const pictureRows = async () =>
    Number((await db().selectFrom('product_pictures').select(db().fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    storeId = (await makeStore(db(), { name: 'Geelong' })).id;
    guitars = await categoryIdBySlug(db(), 'guitars');
    staff = (await staffAccount(server, 'store_staff', [storeId], `staff.${Date.now()}@example.com`)).client;
  });

  it('answers a picture of too many pixels with a 400 naming the limit, and stores nothing', async () => {
    const [items, pictures] = [await itemCount(), await pictureRows()];
    // The probe's picture: 49 megapixels in about 150 kB.
    const probe = await add({ Pictures: [await flatPng(8064, 6048)] });
    expect(probe.status).toBe(400);
    expect(probe.body.Message).toBe(
      'Invalid input. Pictures.0: is too large: at most 40 megapixels (this one is 8064 x 6048 pixels)',
    );
    // 56 megapixels after a good picture: the whole item is refused, the good picture with it.
    const second = await add({ Pictures: [await flatPng(800, 600), await flatPng(8000, 7000)] });
    expect(second.status).toBe(400);
    expect(second.body.Message).toBe(
      'Invalid input. Pictures.1: is too large: at most 40 megapixels (this one is 8000 x 7000 pixels)',
    );
    expect([await itemCount(), await pictureRows()]).toEqual([items, pictures]);
  });

  it('keeps an item’s pictures when an edit brings one of too many pixels', async () => {
    const added = await add({ Pictures: [await flatPng(800, 600, '#1e8449')] });
    expect(added.status, added.body.Message ?? undefined).toBe(200);
    const code = added.body.Value.Code;
    const pictures = await pictureRows();
    const edited = await staff.post<ConsoleItem>(
      `/c3api/console/stores/${storeId}/items/${code}/edit`,
      fields({ Title: 'Renamed by a refused edit', Pictures: [await flatPng(8000, 7000)] }),
    );
    expect(edited.status).toBe(400);
    expect(edited.body.Message).toMatch(/^Invalid input\. Pictures\.0: is too large: at most 40 megapixels/);
    const item = (await staff.get<ConsoleItem>(`/c3api/console/stores/${storeId}/items/${code}`)).body.Value;
    expect([item.Title, item.PictureCount]).toEqual(['Fender Telecaster 1972 butterscotch', 1]);
    expect(await pictureRows()).toBe(pictures);
    const image = await fetch(`${server.baseUrl}/c3api/images/product/${code}/1?w=300`);
    const { dominant } = await sharp(Buffer.from(await image.arrayBuffer())).stats();
    expect(dominant.g).toBeGreaterThan(dominant.r + 50);
  });

  it('lets uploads beyond the resizes running at once wait their turn: every one is listed', async () => {
    const before = await itemCount();
    const replies = await Promise.all(
      Array.from({ length: 4 }, async (_, index) =>
        add({ Title: `Queued guitar ${index}`, Pictures: [await flatPng(3000, 2000), await flatPng(2000, 3000)] }),
      ),
    );
    for (const reply of replies) {
      expect(reply.status, reply.body.Message ?? undefined).toBe(200);
      expect(reply.body.Value.PictureCount).toBe(2);
    }
    expect(await itemCount()).toBe(before + 4);
  });
});
