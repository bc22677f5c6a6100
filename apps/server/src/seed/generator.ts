import { ConditionLabel, type Region, stateName } from '@shop/contract';
import type { Insertable } from 'kysely';
import type { CategoriesTable, ContentPagesTable, ProductsTable, StoresTable } from '../db/schema.js';
import { abnFromBase, ukVatNumberFromBase } from '../lib/tax-numbers.js';
import { MAX_POSTABLE_GRAMS } from '../modules/catalogue/postage.js';
import {
  AU_TOWN_POSTCODES,
  AU_TOWNS,
  CATEGORY_TREE,
  HELP_PAGES,
  type LeafCategory,
  STREET_NAMES,
  UK_TOWN_DISTRICTS,
  UK_TOWNS,
} from './catalogue-data.js';
import { Random, slugify } from './random.js';

/**
 * One generator for the demo catalogue and the test factories: plausible stores, a category tree
 * and unique second-hand items, all decided by a seed.
 */

/** Listing dates count back from here so a seed gives the same catalogue on any day. */
export const CATALOGUE_EPOCH = Date.UTC(2026, 10, 1);

/** The longest side a parcel may have (Australia Post's 105 cm). */
export const MAX_PARCEL_LENGTH_CM = 105;

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
      latitude: round(base.lat + (random.next() - 0.5) * 0.8, 5),
      longitude: round(base.lng + (random.next() - 0.5) * 0.8, 5),
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
    latitude: round(base.lat + (random.next() - 0.5) * 0.3, 5),
    longitude: round(base.lng + (random.next() - 0.5) * 0.3, 5),
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
    display_name: `${store.name} store`,
    description: `Opening hours, address and contact details of our ${store.name} store in ${stateName(store.state)}: ${store.address}.`,
    body_html: `<p>Visit us at ${store.address}.</p>`,
    store_id: store.id,
  };
}

export function helpPageSeeds(region: Region): Insertable<ContentPagesTable>[] {
  return HELP_PAGES.map((page) => ({
    content_type: 'ContentPage' as const,
    slug: page.slug,
    region,
    name: page.name,
    display_name: page.name,
    description: page.description,
    body_html: page.body,
    store_id: null,
  }));
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

/** Prices like 349.00, 349.95 or 350.00: what a store writes on a ticket. */
function ticketPrice(random: Random, [min, max]: [number, number]): number {
  const dollars = Math.exp(Math.log(min) + random.next() * (Math.log(max) - Math.log(min)));
  const whole = dollars < 100 ? Math.round(dollars) : Math.round(dollars / 5) * 5;
  const cents = whole > 1 ? random.pick([0, 0, 0, 95, 99, 50]) : 0;
  return cents > 0 ? (whole - 1) * 100 + cents : Math.max(1, whole) * 100;
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
  const extra = leaf.extras && random.chance(0.5) ? random.pick(leaf.extras) : null;
  const condition = random.weighted(CONDITION_WEIGHTS);

  const titleParts = [brand === 'Unbranded' ? '' : brand, model];
  if (storage) titleParts.push(storage.toUpperCase());
  if (colour) titleParts.push(titleCase(colour));
  let title = titleParts.filter(Boolean).join(' ');
  if (extra) title += ` - ${extra}`;

  const price = ticketPrice(random, leaf.price);
  const markedDown = random.chance(0.15);
  const rrp = markedDown ? Math.round(price / (0.55 + random.next() * 0.4) / 100) * 100 : price;
  const promotionRoll = random.next();
  let promo: Pick<Insertable<ProductsTable>, 'promo_method' | 'promo_amount' | 'promo_code'> = {
    promo_method: null,
    promo_amount: null,
    promo_code: null,
  };
  if (promotionRoll < 0.03) {
    promo = { promo_method: 'Percentage', promo_amount: random.pick([10, 15, 20, 25]), promo_code: null };
  } else if (promotionRoll < 0.05) {
    const off = Math.min(random.pick([1000, 2000, 5000]), Math.floor(price / 2 / 100) * 100);
    promo = {
      promo_method: 'Value',
      promo_amount: Math.max(off, 100),
      promo_code: random.pick(['SAVE', 'DEAL', 'TAKE']) + String(off / 100),
    };
  }

  const weight = random.int(leaf.weightGrams[0], leaf.weightGrams[1]);
  const side = Math.max(5, Math.round(Math.cbrt(weight) * 2.2));
  const specs: { Name: string; Value: string }[] = [
    { Name: 'Brand', Value: brand },
    { Name: 'Condition', Value: `${condition} - ${ConditionLabel[condition]}` },
  ];
  if (storage) specs.push({ Name: 'Storage', Value: storage.toUpperCase() });
  if (colour) specs.push({ Name: 'Colour', Value: titleCase(colour) });
  for (const [name, values] of Object.entries(leaf.specs ?? {})) specs.push({ Name: name, Value: random.pick(values) });

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
    disable_in_store_pickup: random.chance(0.02) ? 1 : 0,
    // Pickup only when too heavy (the product page's weight limit) or longer than a parcel may be.
    // Drawn from no randomness, so every other field stays what it was.
    postable: weight <= MAX_POSTABLE_GRAMS && side <= MAX_PARCEL_LENGTH_CM ? 1 : 0,
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
