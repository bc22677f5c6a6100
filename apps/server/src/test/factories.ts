import type { Insertable, Kysely } from 'kysely';
import type { Database, ProductsTable, StoresTable } from '../db/schema.js';
import { CATEGORY_TREE } from '../seed/catalogue-data.js';
import { generateProduct, generateStore } from '../seed/generator.js';
import { slugify } from '../seed/random.js';

/**
 * Test factories built on the demo generator, so tests and the demo share one idea of a plausible
 * item. Overrides pin down exactly what a test asserts on.
 */

let counter = 0;

export async function makeStore(
  db: Kysely<Database>,
  overrides: Partial<Insertable<StoresTable>> = {},
): Promise<{ id: number; slug: string; state: string; name: string }> {
  counter++;
  const base = generateStore('AU', 'NSW', `Testville ${counter}`, 10_000 + counter, 99);
  const row = { ...base, ...overrides, slug: overrides.slug ?? `${base.slug}-${counter}` };
  const inserted = await db
    .insertInto('stores')
    .values(row)
    .returning(['id', 'slug', 'state', 'name'])
    .executeTakeFirstOrThrow();
  return inserted;
}

export async function categoryIdBySlug(db: Kysely<Database>, slug: string): Promise<number> {
  const row = await db.selectFrom('categories').select('id').where('slug', '=', slug).executeTakeFirstOrThrow();
  return row.id;
}

export async function makeProduct(
  db: Kysely<Database>,
  overrides: Partial<Insertable<ProductsTable>> & { store_id: number; category_id: number },
): Promise<{ id: number; code: string }> {
  counter++;
  const leaf = CATEGORY_TREE[0]?.children[0];
  if (!leaf) throw new Error('no leaf category');
  const base = generateProduct(500_000 + counter, 4242, {
    stores: [{ id: overrides.store_id, region: 'AU' }],
    leaves: [{ id: overrides.category_id, leaf }],
  });
  const row = {
    ...base,
    status: 'available' as const,
    ...(overrides.title ? { slug: slugify(overrides.title) } : {}),
    ...overrides,
    code: overrides.code ?? `TF${String(counter).padStart(7, '0')}`,
  };
  // The change feed is written by the database's trigger: every search index hears of the new item.
  return db.insertInto('products').values(row).returning(['id', 'code']).executeTakeFirstOrThrow();
}
