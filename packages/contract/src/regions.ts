/** Regions, their currency and their states (Australia) or counties (UK). */

export const Regions = ['AU', 'UK'] as const;
export type Region = (typeof Regions)[number];

export interface RegionInfo {
  code: Region;
  name: string;
  currencyCode: 'AUD' | 'GBP';
  currencySymbol: string;
  /** What the region calls the part of the country a store sits in. */
  stateLabel: string;
  postcodeLabel: string;
  businessNumberLabel: string;
}

export const REGION_INFO: Record<Region, RegionInfo> = {
  AU: {
    code: 'AU',
    name: 'Australia',
    currencyCode: 'AUD',
    currencySymbol: '$',
    stateLabel: 'State',
    postcodeLabel: 'Postcode',
    businessNumberLabel: 'ABN',
  },
  UK: {
    code: 'UK',
    name: 'United Kingdom',
    currencyCode: 'GBP',
    currencySymbol: '£',
    stateLabel: 'County',
    postcodeLabel: 'Postcode',
    businessNumberLabel: 'Company number',
  },
};

/** The eight Australian states and territories, in the spec's order. */
export const AUSTRALIAN_STATES = [
  { code: 'ACT', name: 'Australian Capital Territory' },
  { code: 'NT', name: 'Northern Territory' },
  { code: 'NSW', name: 'New South Wales' },
  { code: 'SA', name: 'South Australia' },
  { code: 'TAS', name: 'Tasmania' },
  { code: 'QLD', name: 'Queensland' },
  { code: 'VIC', name: 'Victoria' },
  { code: 'WA', name: 'Western Australia' },
] as const;

/**
 * UK stores are grouped by county, at one level throughout: England's ceremonial counties (Bristol's
 * is the City of Bristol), Scotland's lieutenancy areas, Wales's preserved counties and Northern
 * Ireland's counties. The codes are ours (after the ISO 3166-2:GB code of the area's main town) and
 * never shown: cards and filters show the county's name.
 */
export const UK_COUNTIES = [
  { code: 'LND', name: 'Greater London' },
  { code: 'MAN', name: 'Greater Manchester' },
  { code: 'BIR', name: 'West Midlands' },
  { code: 'LDS', name: 'West Yorkshire' },
  { code: 'LIV', name: 'Merseyside' },
  { code: 'KEN', name: 'Kent' },
  { code: 'ESS', name: 'Essex' },
  { code: 'HAM', name: 'Hampshire' },
  { code: 'BST', name: 'City of Bristol' },
  { code: 'NET', name: 'Tyne and Wear' },
  { code: 'GLG', name: 'City of Glasgow' },
  { code: 'EDH', name: 'City of Edinburgh' },
  { code: 'CRF', name: 'South Glamorgan' },
  { code: 'NWP', name: 'Gwent' },
  { code: 'BFS', name: 'County Antrim' },
] as const;

interface StateInfo {
  code: string;
  name: string;
}

export function statesOf(region: Region): readonly StateInfo[] {
  return region === 'AU' ? AUSTRALIAN_STATES : UK_COUNTIES;
}

const STATE_NAMES = new Map<string, string>([...AUSTRALIAN_STATES, ...UK_COUNTIES].map((s) => [s.code, s.name]));

export function stateName(code: string): string {
  return STATE_NAMES.get(code) ?? code;
}

/**
 * How a card names an item's store: 'Fyshwick, ACT' (an Australian suburb needs its state), and in
 * the UK 'Lewisham, Greater London': the county's name, as nobody writes our internal county codes.
 */
export function storeNameWithState(store: { name: string; state: string; region: Region }): string {
  return store.region === 'AU' ? `${store.name}, ${store.state}` : `${store.name}, ${stateName(store.state)}`;
}

/** A store page's title: 'Fyshwick ACT Store' in Australia, 'Lewisham Store' in the UK, where shops go by town. */
export function storeTitle(store: { name: string; state: string; region: Region }): string {
  return store.region === 'AU' ? `${store.name} ${store.state} Store` : `${store.name} Store`;
}
