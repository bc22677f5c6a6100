import { describe, expect, it } from 'vitest';
import { AU_TOWN_POSTCODES, AU_TOWNS, UK_TOWN_DISTRICTS, UK_TOWNS } from './catalogue-data.js';
import { generateStore } from './generator.js';

/** The first digits of each state's postcodes (Australia Post's allocation). */
const AU_STATE_PREFIX: Record<string, RegExp> = {
  NSW: /^2/,
  ACT: /^2[69]/,
  VIC: /^3/,
  QLD: /^4/,
  SA: /^5/,
  WA: /^6/,
  TAS: /^7/,
  NT: /^08/,
};

describe("the demo stores' postcodes", () => {
  it('gives every Australian town a real postcode of its state', () => {
    for (const [state, { towns }] of Object.entries(AU_TOWNS)) {
      for (const town of towns) {
        expect(AU_TOWN_POSTCODES[town], town).toMatch(/^\d{4}$/);
        expect(AU_TOWN_POSTCODES[town], town).toMatch(AU_STATE_PREFIX[state] ?? /^$/);
      }
    }
  });

  it('gives every UK town its outward district, and a store a full postcode in it', () => {
    for (const [county, { towns }] of Object.entries(UK_TOWNS)) {
      for (const town of towns) {
        const district = UK_TOWN_DISTRICTS[town];
        expect(district, town).toMatch(/^[A-Z]{1,2}\d[A-Z\d]?$/);
        expect(generateStore('UK', county, town, 1, 1).postcode).toMatch(new RegExp(`^${district} \\d[A-Z]{2}$`));
      }
    }
  });

  it("writes the town's postcode into the store's address", () => {
    const store = generateStore('AU', 'NSW', 'Coffs Harbour', 3, 1);
    expect(store.postcode).toBe('2450');
    expect(store.address).toMatch(/, Coffs Harbour NSW 2450$/);
  });
});
