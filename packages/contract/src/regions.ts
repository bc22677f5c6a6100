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

/** UK stores are grouped by county or city region (ISO 3166-2:GB subdivision codes). */
export const UK_COUNTIES = [
  { code: 'LND', name: 'Greater London' },
  { code: 'MAN', name: 'Greater Manchester' },
  { code: 'BIR', name: 'West Midlands' },
  { code: 'LDS', name: 'West Yorkshire' },
  { code: 'LIV', name: 'Merseyside' },
  { code: 'KEN', name: 'Kent' },
  { code: 'ESS', name: 'Essex' },
  { code: 'HAM', name: 'Hampshire' },
  { code: 'BST', name: 'Bristol' },
  { code: 'NET', name: 'Tyne and Wear' },
  { code: 'GLG', name: 'Glasgow' },
  { code: 'EDH', name: 'Edinburgh' },
  { code: 'CRF', name: 'Cardiff' },
  { code: 'BFS', name: 'Belfast' },
] as const;

export interface StateInfo {
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

export function isStateCode(value: string): boolean {
  return STATE_NAMES.has(value);
}
