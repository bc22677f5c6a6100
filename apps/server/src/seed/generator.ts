import { ConditionLabel, PICKUP_SERVICE, type Region, stateName, storeTitle } from '@shop/contract';
import type { Insertable } from 'kysely';
import type { CategoriesTable, ContentPagesTable, ProductsTable, StoresTable } from '../db/schema.js';
import { abnFromBase, ukVatNumberFromBase } from '../lib/tax-numbers.js';
import {
  AU_TOWN_COORDINATES,
  AU_TOWN_POSTCODES,
  AU_TOWNS,
  CATEGORY_TREE,
  HELP_PAGES,
  type LeafCategory,
  STREET_NAMES,
  UK_TOWN_COORDINATES,
  UK_TOWN_DISTRICTS,
  UK_TOWNS,
} from './catalogue-data.js';
import { policyPageSeeds } from './policy-pages.js';
import { modelPrice, shopPrice } from './price-model.js';
import { Random, slugify } from './random.js';

/**
 * One generator for the demo catalogue and the test factories: plausible stores, a category tree
 * and unique second-hand items, all decided by a seed.
 */

/** Listing dates count back from here so a seed gives the same catalogue on any day. */
export const CATALOGUE_EPOCH = Date.UTC(2026, 10, 1);

/** The longest side a parcel may have (Australia Post's 105 cm). */
export const MAX_PARCEL_LENGTH_CM = 105;
/**
 * The heaviest item the demo's stores post (the table rates' bands go higher, for several items in
 * one parcel). What an item costs to post comes from the table rates alone (shipping).
 */
export const MAX_POSTABLE_GRAMS = 8000;

export type CategorySeed = Omit<Insertable<CategoriesTable>, 'parent_id'> & { parentSlug: string | null };

export function categorySeeds(): CategorySeed[] {
  const rows: CategorySeed[] = [];
  CATEGORY_TREE.forEach((root, rootIndex) => {
    rows.push({
      slug: root.slug,
      name: root.name,
      keywords: '',
      parentSlug: null,
      path: root.slug,
      depth: 0,
      icon: root.icon,
      position: rootIndex,
    });
    root.children.forEach((leaf, leafIndex) => {
      rows.push({
        slug: leaf.slug,
        name: leaf.name,
        keywords: leaf.keywords,
        parentSlug: root.slug,
        path: `${root.slug}/${leaf.slug}`,
        depth: 1,
        icon: root.icon,
        position: leafIndex,
      });
    });
  });
  return rows;
}

const AU_AREA_CODES: Record<string, string> = {
  NSW: '02',
  ACT: '02',
  VIC: '03',
  TAS: '03',
  QLD: '07',
  SA: '08',
  WA: '08',
  NT: '08',
};

function openingHours(random: Random): { Day: string; Hours: string }[] {
  const late = random.chance(0.4);
  const sunday = random.chance(0.7);
  return [
    { Day: 'Monday', Hours: '9:00am - 5:30pm' },
    { Day: 'Tuesday', Hours: '9:00am - 5:30pm' },
    { Day: 'Wednesday', Hours: '9:00am - 5:30pm' },
    { Day: 'Thursday', Hours: late ? '9:00am - 9:00pm' : '9:00am - 5:30pm' },
    { Day: 'Friday', Hours: '9:00am - 5:30pm' },
    { Day: 'Saturday', Hours: '9:00am - 5:00pm' },
    { Day: 'Sunday', Hours: sunday ? '10:00am - 4:00pm' : 'Closed' },
  ];
}

function digits(random: Random, count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) out += String(random.int(0, 9));
  return out;
}

/** The legal entities' trading names: '<Town> Secondhand Traders Pty Ltd' (AU), '<Town> Second Hand Traders Ltd' (UK). */
const ENTITY_KINDS: Record<Region, readonly string[]> = {
  AU: ['Secondhand Traders', 'Pre-Owned Goods', 'Cash & Trade', 'Second Hand Dealers'],
  UK: ['Second Hand Traders', 'Pre-Owned Goods', 'Cash & Trade', 'Resale'],
};

/**
 * A store's tax identity, from a stream of its own (so every field drawn from the store's main
 * stream keeps its value): its legal entity, whether it is registered for GST/VAT (about 1 store
 * in 20 is not: it issues no tax invoices) and, in the UK, a VAT number passing HMRC's check.
 */
function storeTaxIdentity(region: Region, town: string, index: number, seed: number) {
  const random = Random.forItem(seed + 104_729, index);
  const kind = random.pick(ENTITY_KINDS[region]);
  const registered = random.chance(0.05) ? 0 : 1;
  const vatBase = `${random.int(1, 9)}${digits(random, 6)}`;
  return {
    entity_name: `${town} ${kind} ${region === 'AU' ? 'Pty Ltd' : 'Ltd'}`,
    tax_registered: registered,
    vat_number: region === 'UK' && registered === 1 ? ukVatNumberFromBase(vatBase) : '',
  };
}

/**
 * A valid ABN: eleven digits are drawn as before (so later fields keep their values); the first two
 * are replaced by the check digits of the last nine.
 */
function drawnAbn(random: Random): string {
  digits(random, 2);
  return abnFromBase(digits(random, 9));
}

/** A spot within a few hundred metres of the town's centre (two draws, as before). */
function storeCoordinates([lat, lng]: readonly [number, number], random: Random) {
  return {
    latitude: round(lat + (random.next() - 0.5) * 0.008, 5),
    longitude: round(lng + (random.next() - 0.5) * 0.008, 5),
  };
}

export function generateStore(
  region: Region,
  state: string,
  town: string,
  index: number,
  seed: number,
): Insertable<StoresTable> {
  const random = Random.forItem(seed + 7919, index);
  const tax = storeTaxIdentity(region, town, index, seed);
  const slug = slugify(`${town}-${state}`);
  const street = `${random.int(1, 420)} ${random.pick(STREET_NAMES)}`;
  if (region === 'AU') {
    const base = AU_TOWNS[state];
    if (!base) throw new Error(`Unknown state ${state}`);
    // The draw stays (every later field of the demo keeps its value); the postcode is the town's own.
    const drawn = String(base.postcode + random.int(0, 199)).padStart(4, '0');
    const postcode = AU_TOWN_POSTCODES[town] ?? drawn;
    return {
      slug,
      name: town,
      region,
      state,
      address: `${street}, ${town} ${state} ${postcode}`,
      suburb: town,
      postcode,
      phone: `(${AU_AREA_CODES[state] ?? '02'}) ${digits(random, 4)} ${digits(random, 4)}`,
      email: `${slug}@secondhandstores.com.au`,
      opening_hours: JSON.stringify(openingHours(random)),
      business_number: drawnAbn(random),
      dealer_licences: JSON.stringify([`Second-hand Dealers and Pawnbrokers Licence ${state}-${digits(random, 6)}`]),
      pickup_disabled: random.chance(0.03) ? 1 : 0,
      ...storeCoordinates(AU_TOWN_COORDINATES[town] ?? [base.lat, base.lng], random),
      ...tax,
    };
  }
  const base = UK_TOWNS[state];
  if (!base) throw new Error(`Unknown county ${state}`);
  const postcode = `${UK_TOWN_DISTRICTS[town] ?? base.postcode} ${random.int(1, 9)}${String.fromCharCode(65 + random.int(0, 25))}${String.fromCharCode(65 + random.int(0, 25))}`;
  return {
    slug,
    name: town,
    region,
    state,
    address: `${street}, ${town} ${postcode}`,
    suburb: town,
    postcode,
    phone: `0${random.int(1, 3)}${digits(random, 2)} ${digits(random, 3)} ${digits(random, 4)}`,
    email: `${slug}@secondhandstores.co.uk`,
    opening_hours: JSON.stringify(openingHours(random)),
    business_number: digits(random, 8),
    dealer_licences: JSON.stringify([]),
    pickup_disabled: random.chance(0.03) ? 1 : 0,
    ...storeCoordinates(UK_TOWN_COORDINATES[town] ?? [base.lat, base.lng], random),
    ...tax,
  };
}

/** Every store of the demo: all eight Australian states and the UK's counties. */
export function generateStores(seed: number): Insertable<StoresTable>[] {
  const stores: Insertable<StoresTable>[] = [];
  for (const [state, { towns }] of Object.entries(AU_TOWNS)) {
    for (const town of towns) stores.push(generateStore('AU', state, town, stores.length, seed));
  }
  for (const [county, { towns }] of Object.entries(UK_TOWNS)) {
    for (const town of towns) stores.push(generateStore('UK', county, town, stores.length, seed));
  }
  return stores;
}

export function storePageSeed(store: {
  id: number;
  slug: string;
  name: string;
  state: string;
  region: Region;
  address: string;
}): Insertable<ContentPagesTable> {
  return {
    content_type: 'StorePage',
    slug: store.slug,
    region: store.region,
    name: store.name,
    display_name: storeTitle(store),
    description: `Opening hours, address and contact details of our ${store.name} store in ${stateName(store.state)}: ${store.address}.`,
    body_html: `<p>Visit us at ${store.address}.</p>`,
    store_id: store.id,
  };
}

/** The region's help pages: its policies (policy-pages.ts, in the region's law) and the help articles. */
export function helpPageSeeds(region: Region): Insertable<ContentPagesTable>[] {
  return [...policyPageSeeds(region), ...HELP_PAGES].map((page) => {
    // The pickup service goes by the region's one name (PICKUP_SERVICE) on its help page too.
    const name = page.slug === 'click-and-collect' ? PICKUP_SERVICE[region].label : page.name;
    return {
      content_type: 'ContentPage' as const,
      slug: page.slug,
      region,
      name,
      display_name: name,
      description: page.description,
      body_html: page.body,
      store_id: null,
    };
  });
}

export interface GeneratorContext {
  stores: readonly { id: number; region: Region }[];
  /** Leaf categories with their database ids. */
  leaves: readonly { id: number; leaf: LeafCategory }[];
}

const CONDITION_WEIGHTS = [3, 5, 12, 30, 30, 20];
const CONDITION_SENTENCES: Record<number, string> = {
  0: 'Sold as is; not graded.',
  1: 'Heavy signs of use, fully working.',
  2: 'Visible wear and scratches, fully working.',
  3: 'Light marks from normal use.',
  4: 'Very light wear, well looked after.',
  5: 'Like new, barely used.',
};

function round(value: number, places: number): number {
  const f = 10 ** places;
  return Math.round(value * f) / f;
}

function titleCase(word: string): string {
  return word
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

type Promotion = Pick<Insertable<ProductsTable>, 'promo_method' | 'promo_amount' | 'promo_code'>;

/**
 * The item's code for the demo's item promotions: the region's own TAKE code (checkout.md's demo
 * codes), so the badge names a code that works, on items above its minimum spend.
 */
const VALUE_CODES: Record<Region, { code: string; amount: number; minSpend: number }> = {
  AU: { code: 'TAKE20', amount: 2000, minSpend: 15000 },
  UK: { code: 'TAKE15', amount: 1500, minSpend: 12000 },
};

/**
 * The ticket, the was price and the promotion, agreeing with each other: a percentage promotion's
 * was and now prices are exactly that percentage apart (the was price a multiple of 20, so the
 * reduced one is whole dollars or pounds); a markdown's was price is an earlier, higher ticket.
 */
function pricing(random: Random, ticket: number, region: Region): { price: number; rrp: number; promo: Promotion } {
  const none: Promotion = { promo_method: null, promo_amount: null, promo_code: null };
  const markedDown = random.chance(0.15);
  const earlier = random.next();
  const promotionRoll = random.next();
  const percent = random.pick([10, 15, 20, 25]);
  if (promotionRoll < 0.03 && ticket >= 4000) {
    const rrp = Math.max(2000, Math.round(ticket / (1 - percent / 100) / 2000) * 2000);
    return {
      price: (rrp * (100 - percent)) / 100,
      rrp,
      promo: { promo_method: 'Percentage', promo_amount: percent, promo_code: null },
    };
  }
  const rrp = markedDown ? Math.max(ticket, shopPrice(ticket / 100 / (0.6 + earlier * 0.35), region, earlier)) : ticket;
  const value = VALUE_CODES[region];
  if (promotionRoll < 0.06 && ticket >= value.minSpend) {
    return {
      price: ticket,
      rrp,
      promo: { promo_method: 'Value', promo_amount: value.amount, promo_code: value.code },
    };
  }
  return { price: ticket, rrp, promo: none };
}

export function productCode(index: number): string {
  return `SH${String(index + 1).padStart(7, '0')}`;
}

/** Item `index` of a catalogue with this seed. Every call with the same arguments gives the same item. */
export function generateProduct(index: number, seed: number, context: GeneratorContext): Insertable<ProductsTable> {
  const random = Random.forItem(seed, index);
  const { id: categoryId, leaf } = random.pick(context.leaves);
  const store = random.pick(context.stores);
  const brand = random.pick(Object.keys(leaf.brands));
  const model = random.pick(leaf.brands[brand] ?? ['Item']);
  const storage = leaf.storage && random.chance(0.85) ? random.pick(leaf.storage) : null;
  const colour = leaf.colours && random.chance(0.8) ? random.pick(leaf.colours) : null;
  const extras = leaf.extrasByModel?.[model] ?? leaf.extras;
  const extra = extras && random.chance(0.5) ? random.pick(extras) : null;
  const condition = random.weighted(CONDITION_WEIGHTS);

  const titleParts = [brand === 'Unbranded' ? '' : brand, model];
  if (storage) titleParts.push(storage.toUpperCase());
  if (colour) titleParts.push(titleCase(colour));
  let title = titleParts.filter(Boolean).join(' ');
  if (extra) title += ` - ${extra}`;

  const ticket = modelPrice(random, { leaf, model, storage, extra, condition, region: store.region }).priceMinor;
  const { price, rrp, promo } = pricing(random, ticket, store.region);

  const weight = random.int(leaf.weightGrams[0], leaf.weightGrams[1]);
  const side = Math.max(5, Math.round(Math.cbrt(weight) * 2.2));
  const specs: { Name: string; Value: string }[] = [
    { Name: 'Brand', Value: brand },
    { Name: 'Condition', Value: `${condition} - ${ConditionLabel[condition]}` },
  ];
  if (storage) specs.push({ Name: 'Storage', Value: storage.toUpperCase() });
  if (colour) specs.push({ Name: 'Colour', Value: titleCase(colour) });
  for (const [name, values] of Object.entries(leaf.specs ?? {})) specs.push({ Name: name, Value: random.pick(values) });

  // Pickup only when bulky (a television, a bike, a piano), too heavy (the product page's weight
  // limit) or longer than a parcel may be.
  const postable = !leaf.bulky && weight <= MAX_POSTABLE_GRAMS && side <= MAX_PARCEL_LENGTH_CM;
  const statusRoll = random.next();
  const listedAt = new Date(CATALOGUE_EPOCH - Math.floor(random.next() * 365 * 86400) * 1000).toISOString();
  const code = productCode(index);
  // Drawn last so that every earlier field stays what it was before popularity existed. Skewed:
  // a few items have been viewed a lot, most a little.
  const popularity = Math.floor(random.next() ** 4 * 2000);
  return {
    code,
    slug: slugify(title),
    title,
    description: [
      `${title}.`,
      CONDITION_SENTENCES[condition],
      extra
        ? `Comes ${extra.toLowerCase().startsWith('with') ? extra.toLowerCase() : `as: ${extra.toLowerCase()}`}.`
        : '',
      'Tested and checked by our store staff before listing. Photos show the actual item.',
    ]
      .filter(Boolean)
      .join(' '),
    brand,
    category_id: categoryId,
    condition,
    rrp_minor: rrp,
    price_minor: price,
    ...promo,
    store_id: store.id,
    image_count: random.chance(0.08) ? 0 : random.int(1, 6),
    colour,
    storage,
    attributes: JSON.stringify(specs),
    weight_grams: weight,
    length_cm: side,
    width_cm: Math.max(3, Math.round(side * 0.7)),
    height_cm: Math.max(1, Math.round(side * 0.4)),
    // Post only, never for an item that cannot be posted: nobody could buy it.
    disable_in_store_pickup: random.chance(0.02) && postable ? 1 : 0,
    postable: postable ? 1 : 0,
    has_authenticity_certificate: leaf.certificate && random.chance(0.4) ? 1 : 0,
    status: statusRoll < 0.04 ? 'sold' : statusRoll < 0.05 ? 'reserved' : 'available',
    listed_at: listedAt,
    updated_at: listedAt,
    popularity,
    tax_treatment: taxTreatment(store.region, leaf, title, index, seed),
  };
}

const JEWELLERY_LEAVES = new Set(['rings', 'necklaces', 'bracelets']);

/**
 * How an item is taxed, from a stream of its own (every other field keeps its value):
 * - UK: most second-hand goods are sold under the margin scheme (no VAT shown), about 1 in 5 at
 *   the standard rate;
 * - AU: GST at the standard rate, except investment-grade bullion, which is GST-free. The demo's
 *   tree has no bullion category, so a small fixed share (about 1 in 10) of gold jewellery stands
 *   in for it, so the invoice's GST-free '*' and footnote can be seen.
 */
function taxTreatment(
  region: Region,
  leaf: LeafCategory,
  title: string,
  index: number,
  seed: number,
): 'standard' | 'gst_free' | 'margin' {
  const roll = Random.forItem(seed + 15_485_863, index).next();
  if (region === 'UK') return roll < 0.8 ? 'margin' : 'standard';
  return JEWELLERY_LEAVES.has(leaf.slug) && /\bgold\b/i.test(title) && roll < 0.1 ? 'gst_free' : 'standard';
}
