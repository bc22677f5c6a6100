import { statesOf, storeNameWithState, storeTitle, UK_COUNTIES } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { haversineKm } from '../modules/stores/stores.service.js';
import { AU_TOWN_COORDINATES, UK_TOWN_COORDINATES, UK_TOWNS } from './catalogue-data.js';
import { generateStores, storePageSeed } from './generator.js';

const stores = generateStores(1);

describe('the demo stores', () => {
  it('title store pages with the state code in capitals in Australia and by town in the UK', () => {
    const fyshwick = stores.find((s) => s.name === 'Fyshwick');
    const lewisham = stores.find((s) => s.name === 'Lewisham');
    if (!fyshwick || !lewisham) throw new Error('stores missing');
    const page = (s: typeof fyshwick, id: number) => storePageSeed({ ...s, id, region: s.region as 'AU' | 'UK' });
    expect(page(fyshwick, 1).display_name).toBe('Fyshwick ACT Store');
    expect(page(lewisham, 2).display_name).toBe('Lewisham Store');
    for (const [i, store] of stores.entries()) {
      expect(page(store, i).display_name).toMatch(
        store.region === 'AU' ? / (ACT|NSW|NT|QLD|SA|TAS|VIC|WA) Store$/ : / Store$/,
      );
    }
  });

  it('give every store opening hours for each day, a phone, an e-mail, an address and its own coordinates', () => {
    for (const store of stores) {
      const hours = JSON.parse(store.opening_hours) as { Day: string; Hours: string }[];
      expect(hours.map((h) => h.Day)).toEqual([
        'Monday',
        'Tuesday',
        'Wednesday',
        'Thursday',
        'Friday',
        'Saturday',
        'Sunday',
      ]);
      expect(hours.every((h) => /^(\d{1,2}:\d{2}[ap]m - \d{1,2}:\d{2}[ap]m|Closed)$/.test(h.Hours))).toBe(true);
      expect(store.phone).toMatch(/^(\(0\d\) \d{4} \d{4}|0\d{3} \d{3} \d{4})$/);
      expect(store.email).toMatch(/^[a-z0-9-]+@secondhandstores\.(com\.au|co\.uk)$/);
      expect(store.address).toContain(store.postcode);
      // Within a kilometre of the town's centre: Cairns is not near Brisbane, nor Belfast near London.
      const table = store.region === 'AU' ? AU_TOWN_COORDINATES : UK_TOWN_COORDINATES;
      const centre = table[store.name];
      expect(centre, store.name).toBeDefined();
      if (!centre) continue;
      expect(haversineKm(store.latitude, store.longitude, centre[0], centre[1]), store.name).toBeLessThan(1);
    }
    const cairns = stores.find((s) => s.name === 'Cairns');
    expect(cairns?.latitude).toBeGreaterThan(-17.5);
  });

  it('name UK stores by county, never by an internal code, with one kind of area in the location filter', () => {
    const lewisham = stores.find((s) => s.name === 'Lewisham');
    if (!lewisham) throw new Error('no Lewisham');
    expect(storeNameWithState({ ...lewisham, region: 'UK' })).toBe('Lewisham, Greater London');
    expect(storeNameWithState({ name: 'Fyshwick', state: 'ACT', region: 'AU' })).toBe('Fyshwick, ACT');
    expect(storeTitle({ name: 'Fyshwick', state: 'ACT', region: 'AU' })).toBe('Fyshwick ACT Store');
    const uk = stores.filter((s) => s.region === 'UK');
    const counties = new Set(UK_COUNTIES.map((c) => c.code as string));
    for (const store of uk) {
      expect(counties.has(store.state), store.state).toBe(true);
      expect(storeNameWithState({ ...store, region: 'UK' })).not.toMatch(/, [A-Z]{3}$/);
    }
    // Every county in the filter has stores, and no county is named like a town (no 'Bristol' beside 'Kent').
    expect(new Set(uk.map((s) => s.state))).toEqual(new Set(statesOf('UK').map((c) => c.code)));
    const towns = new Set(Object.values(UK_TOWNS).flatMap((c) => c.towns.map((t) => t.split(' ')[0])));
    for (const county of UK_COUNTIES) expect(towns.has(county.name), county.name).toBe(false);
  });
});
