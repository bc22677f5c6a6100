import type { Region } from '@shop/contract';
import { slugify } from '../../lib/slug.js';
import { categoryNameWords } from './category-words.js';
import { FacetBitmaps } from './facet-bitmaps.js';
import { FacetRecords } from './facet-records.js';
import { Flag, priceBandOf } from './facet-values.js';
import type { IndexedProductRow } from './search.repository.js';
import { SortOrders } from './sort-orders.js';
import { TextIndex, type TextIndexSnapshot, type WeightedText } from './text-index.js';
import { WordCounts } from './word-counts.js';

/**
 * The search index of one region's catalogue: a text index plus one typed array per facet field,
 * so that a query ranks and counts every match in a single pass over compact memory. The database
 * stays the only record; this is rebuilt from it at start and kept current from its change feed.
 */

export interface CategoryNode {
  index: number;
  id: number;
  slug: string;
  name: string;
  keywords: string;
  path: string;
  icon: string;
  parent: number;
  depth: number;
  position: number;
  children: number[];
  /** This category and every category above it. */
  lineage: number[];
  /** The category names its items are found by (category-words.ts). */
  nameWords: string;
}

export interface CategoryInput {
  id: number;
  parentId: number | null;
  slug: string;
  name: string;
  keywords: string;
  path: string;
  icon: string;
  depth: number;
  position: number;
}

export interface StoreNode {
  index: number;
  id: number;
  slug: string;
  name: string;
  state: string;
  pickupDisabled: boolean;
  /** For "nearest stores first" (similar items). */
  latitude: number;
  longitude: number;
}

/** A value list such as brands or colours: index <-> display name and URL id. */
export class ValueDictionary {
  readonly names: string[] = [];
  readonly slugs: string[] = [];
  private readonly bySlug = new Map<string, number>();

  indexOf(name: string): number {
    const slug = slugify(name);
    let index = this.bySlug.get(slug);
    if (index === undefined) {
      index = this.names.length;
      this.names.push(name);
      this.slugs.push(slug);
      this.bySlug.set(slug, index);
    }
    return index;
  }

  find(slug: string): number | undefined {
    return this.bySlug.get(slug);
  }

  get size(): number {
    return this.names.length;
  }
}

/** The per-document columns, by name: what a snapshot stores of each item. */
export const COLUMN_TYPES = {
  productId: Int32Array,
  alive: Uint8Array,
  category: Int32Array,
  store: Int32Array,
  brand: Int32Array,
  condition: Uint8Array,
  price: Int32Array,
  listed: Float64Array,
  flags: Uint8Array,
  colour: Int16Array,
  storage: Int16Array,
  priceBand: Uint8Array,
  titleHash: Int32Array,
} as const;

export type ColumnName = keyof typeof COLUMN_TYPES;
export type Columns = { [K in ColumnName]: InstanceType<(typeof COLUMN_TYPES)[K]> };

/** What the index was built from besides the items: compared with the database before a snapshot is used. */
export interface IndexInputs {
  categories: CategoryInput[];
  stores: Omit<StoreNode, 'index'>[];
}

/** A CatalogueIndex as plain values and typed arrays (index-snapshot.ts writes and reads it). */
export interface CatalogueIndexSnapshot {
  region: Region;
  seq: number;
  inputs: IndexInputs;
  dictionaries: { brands: string[]; colours: string[]; storages: string[] };
  size: number;
  liveSize: number;
  columns: Columns;
  text: TextIndexSnapshot;
}

const STORAGE_ORDER = ['32gb', '64gb', '128gb', '256gb', '500gb', '512gb', '1tb'];

export class CatalogueIndex {
  readonly text = new TextIndex();
  readonly categories: CategoryNode[];
  readonly categoryById = new Map<number, number>();
  readonly categoryBySlug = new Map<string, number>();
  readonly stores: StoreNode[];
  readonly storeById = new Map<number, number>();
  readonly storeBySlug = new Map<string, number>();
  readonly brands = new ValueDictionary();
  readonly colours = new ValueDictionary();
  readonly storages = new ValueDictionary();
  readonly docByProduct = new Map<number, number>();
  /** The change-feed position this index reflects. */
  seq = 0;
  /** Goes up with every item written. The facet bitmaps and sort orders are told of each write and kept current. */
  version = 0;
  readonly sortOrders = new SortOrders(this);
  /** Per facet value, the live items holding it (filters by intersection, counts without a scan). */
  readonly facetBitmaps = new FacetBitmaps(this);
  /** Each document's facet values packed side by side (counting reads one record, not eight columns). */
  readonly facetRecords = new FacetRecords(this);
  /** The facet counts of each frequent word's live items, kept current like the bitmaps. */
  readonly wordCounts = new WordCounts(this);
  /** Scratch marks for one search at a time (searches run one after another on the event loop). */
  resultMarks = new Uint8Array(1024);

  productId = new Int32Array(1024);
  alive = new Uint8Array(1024);
  category = new Int32Array(1024);
  store = new Int32Array(1024);
  brand = new Int32Array(1024);
  condition = new Uint8Array(1024);
  price = new Int32Array(1024);
  listed = new Float64Array(1024);
  flags = new Uint8Array(1024);
  colour = new Int16Array(1024);
  storage = new Int16Array(1024);
  priceBand = new Uint8Array(1024);
  /** Tells a title change (re-index the text) from a price or status change (update in place). */
  titleHash = new Int32Array(1024);
  private count = 0;
  private liveCount = 0;

  constructor(
    readonly region: Region,
    categories: CategoryInput[],
    stores: Omit<StoreNode, 'index'>[],
  ) {
    this.categories = categories.map(({ parentId: _parentId, ...c }, index) => ({
      ...c,
      index,
      parent: -1,
      children: [],
      lineage: [],
      nameWords: '',
    }));
    this.categories.forEach((c) => {
      this.categoryById.set(c.id, c.index);
      this.categoryBySlug.set(c.slug, c.index);
    });
    this.categories.forEach((c, i) => {
      const parentId = categories[i]?.parentId;
      const parent = parentId == null ? -1 : (this.categoryById.get(parentId) ?? -1);
      c.parent = parent;
      if (parent >= 0) this.categories[parent]?.children.push(i);
    });
    for (const c of this.categories) {
      const lineage: number[] = [];
      for (let at = c.index; at >= 0; at = this.categories[at]?.parent ?? -1) lineage.push(at);
      c.lineage = lineage;
    }
    categoryNameWords(this.categories).forEach((nameWords, i) => {
      (this.categories[i] as CategoryNode).nameWords = nameWords;
    });
    for (const c of this.categories)
      c.children.sort((a, b) => (this.categories[a]?.position ?? 0) - (this.categories[b]?.position ?? 0));
    this.stores = stores.map((s, index) => ({ ...s, index }));
    for (const s of this.stores) {
      this.storeById.set(s.id, s.index);
      this.storeBySlug.set(s.slug, s.index);
    }
  }

  /** Number of documents, live or not. */
  get size(): number {
    return this.count;
  }

  get liveSize(): number {
    return this.liveCount;
  }

  private grow(n: number): void {
    if (n <= this.productId.length) return;
    const capacity = Math.max(n, this.productId.length * 2);
    const resize = <T extends { length: number; set(a: ArrayLike<number>): void }>(
      old: T,
      make: (n: number) => T,
    ): T => {
      const next = make(capacity);
      next.set(old as unknown as ArrayLike<number>);
      return next;
    };
    this.productId = resize(this.productId, (n) => new Int32Array(n));
    this.alive = resize(this.alive, (n) => new Uint8Array(n));
    this.category = resize(this.category, (n) => new Int32Array(n));
    this.store = resize(this.store, (n) => new Int32Array(n));
    this.brand = resize(this.brand, (n) => new Int32Array(n));
    this.condition = resize(this.condition, (n) => new Uint8Array(n));
    this.price = resize(this.price, (n) => new Int32Array(n));
    this.listed = resize(this.listed, (n) => new Float64Array(n));
    this.flags = resize(this.flags, (n) => new Uint8Array(n));
    this.colour = resize(this.colour, (n) => new Int16Array(n));
    this.storage = resize(this.storage, (n) => new Int16Array(n));
    this.priceBand = resize(this.priceBand, (n) => new Uint8Array(n));
    this.titleHash = resize(this.titleHash, (n) => new Int32Array(n));
    this.resultMarks = new Uint8Array(capacity);
    this.facetRecords.grow(capacity);
  }

  /** Adds or refreshes an item. Returns false when the item belongs to no known store or category. */
  upsert(row: IndexedProductRow): boolean {
    this.version++;
    const storeIndex = this.storeById.get(row.store_id);
    const categoryIndex = this.categoryById.get(row.category_id);
    if (storeIndex === undefined || categoryIndex === undefined) return false;
    const existing = this.docByProduct.get(row.id);
    // The bitmaps drop the item by the values its columns still hold, before anything overwrites them.
    if (existing !== undefined) {
      this.facetBitmaps.remove(existing);
      this.wordCounts.remove(existing);
    }
    let doc: number;
    if (existing !== undefined && this.sameText(existing, row, categoryIndex)) {
      doc = existing;
      if (this.alive[doc]) this.liveCount--;
    } else {
      if (existing !== undefined && this.alive[existing]) {
        this.alive[existing] = 0;
        this.liveCount--;
      }
      doc = this.appendText(row, categoryIndex);
      this.docByProduct.set(row.id, doc);
    }
    this.writeColumns(doc, row, storeIndex, categoryIndex);
    return true;
  }

  private sameText(doc: number, row: IndexedProductRow, categoryIndex: number): boolean {
    return (
      this.category[doc] === categoryIndex &&
      this.brands.names[this.brand[doc] ?? -1] === row.brand &&
      this.titleHash[doc] === hashText(row.title) &&
      (this.colour[doc] ?? -1) === (row.colour ? this.colours.indexOf(row.colour) : -1) &&
      (this.storage[doc] ?? -1) === (row.storage ? this.storages.indexOf(row.storage) : -1)
    );
  }

  private appendText(row: IndexedProductRow, categoryIndex: number): number {
    const category = this.categories[categoryIndex];
    // A category's own words weigh more than its name: "phone" should find an iPhone first. The
    // item's own words (title, brand, colour) rank it above items found only by their category.
    const fields: WeightedText[] = [
      { text: row.title, weight: 3, own: true },
      { text: row.brand, weight: 2, own: true },
      { text: category?.nameWords ?? '', weight: 1 },
      { text: category?.keywords ?? '', weight: 4 },
    ];
    if (row.colour) fields.push({ text: row.colour, weight: 1, own: true });
    const doc = this.text.add(fields);
    this.count = doc + 1;
    this.grow(this.count);
    this.titleHash[doc] = hashText(row.title);
    return doc;
  }

  private writeColumns(doc: number, row: IndexedProductRow, storeIndex: number, categoryIndex: number): void {
    const store = this.stores[storeIndex];
    const live = row.status === 'available';
    // The sort orders find the document by the keys they hold it by: these, before the write.
    const oldPrice = this.price[doc] as number;
    const oldCondition = this.condition[doc] as number;
    const oldListed = this.listed[doc] as number;
    this.productId[doc] = row.id;
    this.alive[doc] = live ? 1 : 0;
    if (live) this.liveCount++;
    this.category[doc] = categoryIndex;
    this.store[doc] = storeIndex;
    this.brand[doc] = this.brands.indexOf(row.brand);
    this.condition[doc] = row.condition;
    this.price[doc] = row.price_minor;
    this.priceBand[doc] = priceBandOf(row.price_minor);
    // Whole seconds: finer than any shopper cares about, and small enough to pack into sort keys.
    this.listed[doc] = Math.floor(Date.parse(row.listed_at) / 1000);
    this.colour[doc] = row.colour ? this.colours.indexOf(row.colour) : -1;
    this.storage[doc] = row.storage ? this.storages.indexOf(row.storage) : -1;
    let flags = 0;
    if (row.promo_method !== null || row.price_minor < row.rrp_minor) flags |= Flag.OnSale;
    if (row.image_count > 0) flags |= Flag.HasPictures;
    const storeOpen = !store?.pickupDisabled;
    // The product card's rule (catalogue.mapper shippingOf): postage when the store's table rates
    // can post the item somewhere (it has a "Postage from" price) and the store sends at all.
    if (storeOpen && row.postage_from_minor !== null) flags |= Flag.Postage;
    if (storeOpen && !row.disable_in_store_pickup) flags |= Flag.Pickup;
    this.flags[doc] = flags;
    this.facetRecords.write(doc);
    this.facetBitmaps.add(doc);
    this.wordCounts.add(doc);
    this.sortOrders.changed(doc, oldPrice, oldCondition, oldListed);
  }

  /** Ends the bulk build: packs the text index. Later upserts are incremental. */
  finishBuild(): void {
    this.text.finish();
  }

  /** Storage sizes in capacity order rather than alphabetical. */
  storageRank(index: number): number {
    const rank = STORAGE_ORDER.indexOf(this.storages.slugs[index] ?? '');
    return rank < 0 ? 100 + index : rank;
  }

  /** finishBuild() in steps of at most about `budgetMs`, awaiting `pause` between them (a background build). */
  finishBuildInSteps(pause: () => Promise<void>, budgetMs: number): Promise<void> {
    return this.text.finishInSteps(pause, budgetMs);
  }

  /** The categories and stores as given to the constructor. */
  inputs(): IndexInputs {
    return {
      categories: this.categories.map((c) => ({
        id: c.id,
        parentId: c.parent < 0 ? null : (this.categories[c.parent]?.id ?? null),
        slug: c.slug,
        name: c.name,
        keywords: c.keywords,
        path: c.path,
        icon: c.icon,
        depth: c.depth,
        position: c.position,
      })),
      stores: this.stores.map(({ index: _index, ...s }) => s),
    };
  }

  /** Copies of everything (a snapshot is written while later changes keep coming in). */
  toSnapshot(): CatalogueIndexSnapshot {
    const n = this.count;
    const columns = {} as Record<ColumnName, ArrayLike<number>>;
    for (const name of Object.keys(COLUMN_TYPES) as ColumnName[]) columns[name] = this[name].slice(0, n);
    return {
      region: this.region,
      seq: this.seq,
      inputs: this.inputs(),
      dictionaries: {
        brands: [...this.brands.names],
        colours: [...this.colours.names],
        storages: [...this.storages.names],
      },
      size: n,
      liveSize: this.liveCount,
      columns: columns as Columns,
      text: this.text.toSnapshot(),
    };
  }

  /** A working index from a snapshot: answers as the snapshotted one did, and takes later upserts. */
  static fromSnapshot(snapshot: CatalogueIndexSnapshot): CatalogueIndex {
    const index = new CatalogueIndex(snapshot.region, snapshot.inputs.categories, snapshot.inputs.stores);
    for (const name of snapshot.dictionaries.brands) index.brands.indexOf(name);
    for (const name of snapshot.dictionaries.colours) index.colours.indexOf(name);
    for (const name of snapshot.dictionaries.storages) index.storages.indexOf(name);
    const n = snapshot.size;
    const { columns } = snapshot;
    // The columns are the snapshot's own arrays; grow() copies them out once items are added.
    index.productId = columns.productId;
    index.alive = columns.alive;
    index.category = columns.category;
    index.store = columns.store;
    index.brand = columns.brand;
    index.condition = columns.condition;
    index.price = columns.price;
    index.listed = columns.listed;
    index.flags = columns.flags;
    index.colour = columns.colour;
    index.storage = columns.storage;
    index.priceBand = columns.priceBand;
    index.titleHash = columns.titleHash;
    index.resultMarks = new Uint8Array(Math.max(1024, n));
    index.count = n;
    index.liveCount = snapshot.liveSize;
    index.facetRecords.writeAll(n);
    (index as { text: TextIndex }).text = TextIndex.fromSnapshot(snapshot.text);
    const { productId } = columns;
    // A product's latest document wins, as upsert left it (an older one of a retitled item is dead).
    for (let doc = 0; doc < n; doc++) index.docByProduct.set(productId[doc] as number, doc);
    index.seq = snapshot.seq;
    return index;
  }
}

function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash | 0;
}
