import { type Region, stateName } from '@shop/contract';
import type { StoreRow } from '../db/schema.js';
import { inTransaction } from '../db/unit-of-work.js';
import { type DbCtx, systemContext } from '../lib/context.js';
import { addressRecord } from '../modules/addresses/address-record.js';
import type { AddressParts } from '../modules/addresses/address-text.js';
import { AddressesRepository, type NewAddress } from '../modules/addresses/addresses.repository.js';
import { Random } from './random.js';

/**
 * The demo's addresses to look up at checkout, around its stores. For each store:
 * - streets of the real locality the store's town names, at its real postcode (Parramatta NSW
 *   2150, Stockport SK1 ...), and
 * - the store's own street and a neighbour at the suburb and postcode the store row gives (the
 *   demo's store postcodes are generated, so these are whatever the store says).
 * House numbers, some units or flats and some businesses, all from the seed's deterministic random:
 * the same seed always gives the same rows and references. About 40 rows a store, a few thousand a
 * region, written in a few batched statements.
 */

/** A store town's real locality and postcode (UK: the postcode district; the inward part is generated per street). */
const REAL_LOCALITIES: Record<string, { suburb: string; postcode: string }> = {
  // NSW
  Parramatta: { suburb: 'Parramatta', postcode: '2150' },
  Penrith: { suburb: 'Penrith', postcode: '2750' },
  Blacktown: { suburb: 'Blacktown', postcode: '2148' },
  Liverpool: { suburb: 'Liverpool', postcode: '2170' },
  Newcastle: { suburb: 'Newcastle', postcode: '2300' },
  Wollongong: { suburb: 'Wollongong', postcode: '2500' },
  Gosford: { suburb: 'Gosford', postcode: '2250' },
  Campbelltown: { suburb: 'Campbelltown', postcode: '2560' },
  Bankstown: { suburb: 'Bankstown', postcode: '2200' },
  Hornsby: { suburb: 'Hornsby', postcode: '2077' },
  Tamworth: { suburb: 'Tamworth', postcode: '2340' },
  Dubbo: { suburb: 'Dubbo', postcode: '2830' },
  'Wagga Wagga': { suburb: 'Wagga Wagga', postcode: '2650' },
  Orange: { suburb: 'Orange', postcode: '2800' },
  Albury: { suburb: 'Albury', postcode: '2640' },
  'Coffs Harbour': { suburb: 'Coffs Harbour', postcode: '2450' },
  'Port Macquarie': { suburb: 'Port Macquarie', postcode: '2444' },
  Maitland: { suburb: 'Maitland', postcode: '2320' },
  Chatswood: { suburb: 'Chatswood', postcode: '2067' },
  Hurstville: { suburb: 'Hurstville', postcode: '2220' },
  'Bondi Junction': { suburb: 'Bondi Junction', postcode: '2022' },
  'Castle Hill': { suburb: 'Castle Hill', postcode: '2154' },
  Nowra: { suburb: 'Nowra', postcode: '2541' },
  Lismore: { suburb: 'Lismore', postcode: '2480' },
  Bathurst: { suburb: 'Bathurst', postcode: '2795' },
  Queanbeyan: { suburb: 'Queanbeyan', postcode: '2620' },
  // VIC
  Dandenong: { suburb: 'Dandenong', postcode: '3175' },
  Frankston: { suburb: 'Frankston', postcode: '3199' },
  Geelong: { suburb: 'Geelong', postcode: '3220' },
  Ballarat: { suburb: 'Ballarat Central', postcode: '3350' },
  Bendigo: { suburb: 'Bendigo', postcode: '3550' },
  Ringwood: { suburb: 'Ringwood', postcode: '3134' },
  Footscray: { suburb: 'Footscray', postcode: '3011' },
  Preston: { suburb: 'Preston', postcode: '3072' },
  Werribee: { suburb: 'Werribee', postcode: '3030' },
  Cranbourne: { suburb: 'Cranbourne', postcode: '3977' },
  Shepparton: { suburb: 'Shepparton', postcode: '3630' },
  Mildura: { suburb: 'Mildura', postcode: '3500' },
  Traralgon: { suburb: 'Traralgon', postcode: '3844' },
  'Box Hill': { suburb: 'Box Hill', postcode: '3128' },
  Broadmeadows: { suburb: 'Broadmeadows', postcode: '3047' },
  Sunshine: { suburb: 'Sunshine', postcode: '3020' },
  Warrnambool: { suburb: 'Warrnambool', postcode: '3280' },
  Wodonga: { suburb: 'Wodonga', postcode: '3690' },
  Pakenham: { suburb: 'Pakenham', postcode: '3810' },
  Epping: { suburb: 'Epping', postcode: '3076' },
  // QLD
  'Brisbane City': { suburb: 'Brisbane City', postcode: '4000' },
  Ipswich: { suburb: 'Ipswich', postcode: '4305' },
  Logan: { suburb: 'Logan Central', postcode: '4114' },
  'Gold Coast': { suburb: 'Surfers Paradise', postcode: '4217' },
  Southport: { suburb: 'Southport', postcode: '4215' },
  Toowoomba: { suburb: 'Toowoomba City', postcode: '4350' },
  Cairns: { suburb: 'Cairns City', postcode: '4870' },
  Townsville: { suburb: 'Townsville City', postcode: '4810' },
  Mackay: { suburb: 'Mackay', postcode: '4740' },
  Rockhampton: { suburb: 'Rockhampton City', postcode: '4700' },
  Bundaberg: { suburb: 'Bundaberg Central', postcode: '4670' },
  Caboolture: { suburb: 'Caboolture', postcode: '4510' },
  Maroochydore: { suburb: 'Maroochydore', postcode: '4558' },
  'Hervey Bay': { suburb: 'Pialba', postcode: '4655' },
  Redcliffe: { suburb: 'Redcliffe', postcode: '4020' },
  Chermside: { suburb: 'Chermside', postcode: '4032' },
  Strathpine: { suburb: 'Strathpine', postcode: '4500' },
  Gladstone: { suburb: 'Gladstone Central', postcode: '4680' },
  // WA
  'Perth City': { suburb: 'Perth', postcode: '6000' },
  Joondalup: { suburb: 'Joondalup', postcode: '6027' },
  Midland: { suburb: 'Midland', postcode: '6056' },
  Rockingham: { suburb: 'Rockingham', postcode: '6168' },
  Mandurah: { suburb: 'Mandurah', postcode: '6210' },
  Cannington: { suburb: 'Cannington', postcode: '6107' },
  Bunbury: { suburb: 'Bunbury', postcode: '6230' },
  Geraldton: { suburb: 'Geraldton', postcode: '6530' },
  Kalgoorlie: { suburb: 'Kalgoorlie', postcode: '6430' },
  Morley: { suburb: 'Morley', postcode: '6062' },
  Armadale: { suburb: 'Armadale', postcode: '6112' },
  Albany: { suburb: 'Albany', postcode: '6330' },
  // SA
  'Adelaide City': { suburb: 'Adelaide', postcode: '5000' },
  Elizabeth: { suburb: 'Elizabeth', postcode: '5112' },
  Salisbury: { suburb: 'Salisbury', postcode: '5108' },
  Marion: { suburb: 'Marion', postcode: '5043' },
  Noarlunga: { suburb: 'Noarlunga Centre', postcode: '5168' },
  Modbury: { suburb: 'Modbury', postcode: '5092' },
  'Mount Gambier': { suburb: 'Mount Gambier', postcode: '5290' },
  Whyalla: { suburb: 'Whyalla', postcode: '5600' },
  'Port Augusta': { suburb: 'Port Augusta', postcode: '5700' },
  'Murray Bridge': { suburb: 'Murray Bridge', postcode: '5253' },
  // TAS
  Hobart: { suburb: 'Hobart', postcode: '7000' },
  Glenorchy: { suburb: 'Glenorchy', postcode: '7010' },
  Launceston: { suburb: 'Launceston', postcode: '7250' },
  Devonport: { suburb: 'Devonport', postcode: '7310' },
  Burnie: { suburb: 'Burnie', postcode: '7320' },
  Kingston: { suburb: 'Kingston', postcode: '7050' },
  // ACT
  Belconnen: { suburb: 'Belconnen', postcode: '2617' },
  Tuggeranong: { suburb: 'Greenway', postcode: '2900' },
  Woden: { suburb: 'Phillip', postcode: '2606' },
  Gungahlin: { suburb: 'Gungahlin', postcode: '2912' },
  Fyshwick: { suburb: 'Fyshwick', postcode: '2609' },
  // NT
  Darwin: { suburb: 'Darwin City', postcode: '0800' },
  Palmerston: { suburb: 'Palmerston City', postcode: '0830' },
  Casuarina: { suburb: 'Casuarina', postcode: '0810' },
  'Alice Springs': { suburb: 'Alice Springs', postcode: '0870' },
  Katherine: { suburb: 'Katherine', postcode: '0850' },
  // UK (postcode districts)
  Croydon: { suburb: 'Croydon', postcode: 'CR0' },
  Lewisham: { suburb: 'Lewisham', postcode: 'SE13' },
  Walthamstow: { suburb: 'Walthamstow', postcode: 'E17' },
  'Wood Green': { suburb: 'Wood Green', postcode: 'N22' },
  Ilford: { suburb: 'Ilford', postcode: 'IG1' },
  Romford: { suburb: 'Romford', postcode: 'RM1' },
  Hammersmith: { suburb: 'Hammersmith', postcode: 'W6' },
  Peckham: { suburb: 'Peckham', postcode: 'SE15' },
  Brixton: { suburb: 'Brixton', postcode: 'SW9' },
  Camden: { suburb: 'Camden Town', postcode: 'NW1' },
  Harrow: { suburb: 'Harrow', postcode: 'HA1' },
  'Kingston upon Thames': { suburb: 'Kingston upon Thames', postcode: 'KT1' },
  Stratford: { suburb: 'Stratford', postcode: 'E15' },
  Enfield: { suburb: 'Enfield', postcode: 'EN1' },
  'Manchester Arndale': { suburb: 'Manchester', postcode: 'M4' },
  Stockport: { suburb: 'Stockport', postcode: 'SK1' },
  Bolton: { suburb: 'Bolton', postcode: 'BL1' },
  Oldham: { suburb: 'Oldham', postcode: 'OL1' },
  Wigan: { suburb: 'Wigan', postcode: 'WN1' },
  Rochdale: { suburb: 'Rochdale', postcode: 'OL16' },
  Salford: { suburb: 'Salford', postcode: 'M5' },
  'Birmingham Bullring': { suburb: 'Birmingham', postcode: 'B5' },
  Wolverhampton: { suburb: 'Wolverhampton', postcode: 'WV1' },
  Coventry: { suburb: 'Coventry', postcode: 'CV1' },
  Walsall: { suburb: 'Walsall', postcode: 'WS1' },
  Dudley: { suburb: 'Dudley', postcode: 'DY1' },
  Solihull: { suburb: 'Solihull', postcode: 'B91' },
  Leeds: { suburb: 'Leeds', postcode: 'LS1' },
  Bradford: { suburb: 'Bradford', postcode: 'BD1' },
  Huddersfield: { suburb: 'Huddersfield', postcode: 'HD1' },
  Wakefield: { suburb: 'Wakefield', postcode: 'WF1' },
  Halifax: { suburb: 'Halifax', postcode: 'HX1' },
  Liverpool_UK: { suburb: 'Liverpool', postcode: 'L1' },
  Birkenhead: { suburb: 'Birkenhead', postcode: 'CH41' },
  'St Helens': { suburb: 'St Helens', postcode: 'WA10' },
  Southport_UK: { suburb: 'Southport', postcode: 'PR8' },
  Maidstone: { suburb: 'Maidstone', postcode: 'ME14' },
  Canterbury: { suburb: 'Canterbury', postcode: 'CT1' },
  Chatham: { suburb: 'Chatham', postcode: 'ME4' },
  Margate: { suburb: 'Margate', postcode: 'CT9' },
  Ashford: { suburb: 'Ashford', postcode: 'TN23' },
  Chelmsford: { suburb: 'Chelmsford', postcode: 'CM1' },
  Colchester: { suburb: 'Colchester', postcode: 'CO1' },
  Basildon: { suburb: 'Basildon', postcode: 'SS14' },
  'Southend-on-Sea': { suburb: 'Southend-on-Sea', postcode: 'SS1' },
  Southampton: { suburb: 'Southampton', postcode: 'SO14' },
  Portsmouth: { suburb: 'Portsmouth', postcode: 'PO1' },
  Basingstoke: { suburb: 'Basingstoke', postcode: 'RG21' },
  Winchester: { suburb: 'Winchester', postcode: 'SO23' },
  'Bristol Broadmead': { suburb: 'Bristol', postcode: 'BS1' },
  Bedminster: { suburb: 'Bedminster', postcode: 'BS3' },
  Fishponds: { suburb: 'Fishponds', postcode: 'BS16' },
  'Newcastle upon Tyne': { suburb: 'Newcastle upon Tyne', postcode: 'NE1' },
  Sunderland: { suburb: 'Sunderland', postcode: 'SR1' },
  Gateshead: { suburb: 'Gateshead', postcode: 'NE8' },
  'Glasgow Argyle Street': { suburb: 'Glasgow', postcode: 'G1' },
  Partick: { suburb: 'Partick', postcode: 'G11' },
  Shawlands: { suburb: 'Shawlands', postcode: 'G41' },
  'Edinburgh Leith': { suburb: 'Leith', postcode: 'EH6' },
  'Edinburgh Princes Street': { suburb: 'Edinburgh', postcode: 'EH2' },
  'Cardiff Queen Street': { suburb: 'Cardiff', postcode: 'CF10' },
  Newport: { suburb: 'Newport', postcode: 'NP20' },
  Belfast: { suburb: 'Belfast', postcode: 'BT1' },
  Lisburn: { suburb: 'Lisburn', postcode: 'BT28' },
};

/** Liverpool and Southport are towns in both regions. */
function realLocality(region: Region, town: string): { suburb: string; postcode: string } | undefined {
  return (region === 'UK' ? REAL_LOCALITIES[`${town}_UK`] : undefined) ?? REAL_LOCALITIES[town];
}

/** A list written as words (or '|'-separated phrases) in a template, one line per screenful. */
function listOf(text: string, separator = ' '): string[] {
  return text
    .split(separator === ' ' ? /\s+/ : separator)
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

const AU_STREET_NAMES = listOf(`
  Smith George Church Victoria Railway Station Macquarie Hunter Wattle Banksia Acacia Bridge King
  Queen William Elizabeth Park Mitchell Lawson Bent Wentworth Marsden Darcy Campbell Phillip
  Hawkesbury Illawarra Kurrajong Jacaranda Bottlebrush Waratah Grevillea Boronia Melaleuca Hume Sturt
  Flinders Bass Cook Oxley Forbes Parkes Barton Deakin Lachlan Murray Darling Fitzroy Brunswick Hope
  Albert Edward Regent Wellington Nelson Pitt Market Union Federal Bay
`);
const AU_STREET_TYPES = listOf(`
  Street Street Street Road Road Avenue Parade Crescent Place Drive Close Court Lane Terrace Way Grove
  Circuit
`);
const UK_STREET_NAMES = listOf(`
  High Church Station Victoria Mill Manor Park Queens Kings Green Grove Albert New School London North
  Springfield Cromwell Windsor Chapel Market Bridge Orchard Meadow Oak Beech Elm Ash Willow Cedar York
  Stanley Clarence Richmond Grange Hawthorn Nelson Princess Wellington Brook
`);
const UK_STREET_TYPES = listOf(`
  Street Street Road Road Road Lane Avenue Close Way Drive Gardens Terrace Crescent Place Grove Mews
`);
const SURNAMES = listOf(`
  Nguyen Smith Patel Jones Williams Brown Wilson Taylor Khan Chen Singh Murphy Kelly Walker Harris
  Martin Thompson White Hughes Evans
`);
const TRADES = listOf(
  `
  Plumbing | Dental | Pharmacy | Accountants | Bakery | Electrical | Physiotherapy | Hair Studio |
  Motors | Newsagency | Florist | Optometrists | Legal | Cafe | Hardware
`,
  '|',
);
/** Letters of a UK postcode's inward part (never C, I, K, M, O or V). */
const INWARD_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';
const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function hashText(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
  return h;
}

/** The demo's opaque reference: 'SH' and 14 characters from the seed's random. */
function demoReference(random: Random): string {
  let out = 'SH';
  for (let i = 0; i < 14; i++) out += REFERENCE_ALPHABET[random.int(0, REFERENCE_ALPHABET.length - 1)];
  return out;
}

interface Area {
  region: Region;
  suburb: string;
  state: string;
  /** AU: the postcode; UK: the district (each street gets its own inward part) or a full postcode to keep. */
  postcode: string;
}

function ukPostcode(random: Random, district: string): string {
  const letter = () => INWARD_LETTERS[random.int(0, INWARD_LETTERS.length - 1)];
  return `${district} ${random.int(1, 9)}${letter()}${letter()}`;
}

/** A street's houses: `count` numbers, some of them flats or units, some businesses. */
function streetAddresses(random: Random, area: Area, street: string, count: number, fixed?: number): AddressParts[] {
  const out: AddressParts[] = [];
  const postcode =
    area.region === 'UK' && !area.postcode.includes(' ') ? ukPostcode(random, area.postcode) : area.postcode;
  const numbers = new Set<number>(fixed === undefined ? [] : [fixed]);
  while (numbers.size < count) numbers.add(random.int(1, 180));
  for (const number of [...numbers].sort((a, b) => a - b)) {
    const base: AddressParts = {
      region: area.region,
      source: 'demo',
      reference: '',
      unitOrLevel: '',
      streetNumber: String(number),
      street,
      suburb: area.suburb,
      state: area.state,
      postcode,
      businessName: '',
      line2: '',
    };
    if (random.chance(0.12)) {
      // A block of flats or units: two to four of them at one number.
      const units = random.int(2, 4);
      for (let unit = 1; unit <= units; unit++) {
        out.push({
          ...base,
          reference: demoReference(random),
          unitOrLevel: `${area.region === 'AU' ? 'Unit' : 'Flat'} ${unit}`,
        });
      }
      continue;
    }
    const business = random.chance(0.1)
      ? `${random.pick(SURNAMES)} ${random.pick(TRADES)}${random.chance(0.5) ? (area.region === 'AU' ? ' Pty Ltd' : ' Ltd') : ''}`
      : '';
    out.push({ ...base, reference: demoReference(random), businessName: business });
  }
  return out;
}

function streetName(random: Random, region: Region): string {
  return region === 'AU'
    ? `${random.pick(AU_STREET_NAMES)} ${random.pick(AU_STREET_TYPES)}`
    : `${random.pick(UK_STREET_NAMES)} ${random.pick(UK_STREET_TYPES)}`;
}

/** The store's own street from its address ("123 High Street, Parramatta NSW 2087"): number and street. */
function storeStreet(store: StoreRow): { number: number; street: string } | null {
  const match = /^(\d+)\s+([^,]+),/.exec(store.address);
  return match?.[1] && match[2] ? { number: Number(match[1]), street: match[2].trim() } : null;
}

/** The demo's addresses around one store, from its own random stream. */
export function storeAddresses(store: StoreRow, seed: number): AddressParts[] {
  const region = store.region;
  const random = Random.forItem(seed + 60_607, hashText(store.slug));
  const state = region === 'AU' ? store.state : stateName(store.state);
  const real = realLocality(region, store.name);
  const out: AddressParts[] = [];
  if (real) {
    const area: Area = { region, suburb: real.suburb, state, postcode: real.postcode };
    const streets = new Set<string>();
    while (streets.size < 5) streets.add(streetName(random, region));
    for (const street of streets) out.push(...streetAddresses(random, area, street, random.int(4, 7)));
  }
  // The store's own neighbourhood, as the store row gives it.
  const own: Area = { region, suburb: real?.suburb ?? store.suburb, state, postcode: store.postcode };
  const home = storeStreet(store);
  if (home) out.push(...streetAddresses(random, own, home.street, 6, home.number));
  out.push(...streetAddresses(random, own, streetName(random, region), real ? 4 : 20));
  return out;
}

/** Replaces the demo's addresses with those around the given stores (G-NAF rows stay). */
export async function seedAddresses(handle: DbCtx, stores: StoreRow[], seed: number): Promise<void> {
  const repository = new AddressesRepository();
  const records: NewAddress[] = [];
  const seen = new Set<string>();
  for (const store of stores) {
    for (const parts of storeAddresses(store, seed)) {
      // One row per address text (two stores of one town share their streets' rows).
      const key = `${parts.region}|${parts.unitOrLevel}|${parts.streetNumber}|${parts.street}|${parts.suburb}|${parts.postcode}`;
      if (seen.has(key)) continue;
      seen.add(key);
      records.push(addressRecord(parts));
    }
  }
  await inTransaction(systemContext(handle, 'AU'), async (tx) => {
    await repository.deleteSource(tx, 'demo');
    await repository.replace(tx, records);
  });
}
