import { greatCircleKm } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { buildAuTables } from './au-places.js';
import { PlacesService, type ResolvedPlace, unknownPlaceMessage } from './places.service.js';

// The real tables (the package's file and the UK district table), loaded once for the file.
const places = new PlacesService();
const au = (text: string) => places.resolve('AU', text);
const uk = (text: string) => places.resolve('UK', text);
const km = (a: ResolvedPlace | null, b: ResolvedPlace | null) => {
  if (!a || !b) throw new Error('unresolved place');
  return greatCircleKm(a.latitude, a.longitude, b.latitude, b.longitude);
};

describe('great-circle distances between resolved places', () => {
  it('Sydney CBD (2000) to Parramatta (2150) is about 19 km', () => {
    // Hand-computed: 2000's centroid (-33.867, 151.206) to 2150's (-33.818, 151.005), haversine on R = 6371 km.
    const d = km(au('2000'), au('2150'));
    expect(d).toBeGreaterThan(17);
    expect(d).toBeLessThan(21);
  });

  it('Manchester M1 to London SW1A is about 262 km', () => {
    const d = km(uk('M1'), uk('SW1A'));
    expect(d).toBeGreaterThan(255);
    expect(d).toBeLessThan(269);
  });

  it('Sydney to Perth (postcodes 2000 and 6000) is about 3,290 km', () => {
    const d = km(au('2000'), au('6000'));
    expect(d).toBeGreaterThan(3250);
    expect(d).toBeLessThan(3330);
  });
});

describe('Australian places', () => {
  it('a postcode resolves to the centroid of its delivery localities', () => {
    const place = au('2150');
    expect(place).toMatchObject({ label: '2150', postcode: '2150' });
    expect(place?.latitude).toBeCloseTo(-33.82, 1);
    expect(place?.longitude).toBeCloseTo(151.0, 1);
  });

  it('a suburb resolves to its locality, with or without state and postcode, any case', () => {
    for (const text of [
      'Parramatta',
      'parramatta',
      'parramatta nsw',
      'Parramatta NSW 2150',
      'Parramatta, NSW',
      ' PARRAMATTA 2150 ',
    ]) {
      expect(au(text), text).toMatchObject({ label: 'Parramatta NSW 2150', postcode: '2150' });
    }
  });

  it('a suburb in several states is the most populous state\'s; "Suburb STATE" picks another', () => {
    expect(au('Richmond')?.label).toBe('Richmond NSW 2753');
    expect(au('Richmond VIC')?.label).toBe('Richmond VIC 3121');
    expect(au('richmond tas')?.label).toBe('Richmond TAS 7025');
  });

  it('a street locality wins over a PO box or large-volume receiver of the same name', () => {
    expect(au('Sydney')?.label).toBe('Sydney NSW 2000');
  });

  it('Northern Territory postcodes keep their leading zero, typed or not', () => {
    expect(au('0800')?.label).toBe('0800');
    expect(au('800')?.label).toBe('0800');
    expect(au('Darwin')?.label).toBe('Darwin NT 0800');
  });

  it('unknown or contradictory places are null', () => {
    for (const text of [
      '',
      '   ',
      'Nowhereville',
      '0001',
      'Parramatta VIC',
      'Parramatta 3000',
      'NSW',
      'SW1A 1AA',
      'M1',
      'x'.repeat(101),
    ]) {
      expect(au(text), text).toBeNull();
    }
  });
});

describe('UK places', () => {
  it('a full postcode, spaced or not, resolves to its district and is shown normalised', () => {
    for (const text of ['SW1A 1AA', 'sw1a1aa', ' Sw1a  1aA ']) {
      const place = uk(text);
      expect(place, text).toMatchObject({ label: 'SW1A 1AA', postcode: 'SW1A 1AA' });
      expect(place?.latitude).toBe(uk('SW1A')?.latitude);
    }
    expect(uk('m1 1ae')).toMatchObject({ label: 'M1 1AE', postcode: 'M1 1AE' });
  });

  it('district forms: M1, SW1A, EH1', () => {
    expect(uk('M1')).toMatchObject({ label: 'M1', postcode: 'M1' });
    expect(uk('sw1a')).toMatchObject({ label: 'SW1A', postcode: 'SW1A' });
    const eh1 = uk('EH1');
    expect(eh1).toMatchObject({ label: 'EH1' });
    expect(eh1?.latitude).toBeCloseTo(55.95, 1);
  });

  it('a lettered central district the table lacks falls back to its undivided district', () => {
    expect(uk('W1A 1AA')).toMatchObject({ label: 'W1A 1AA', latitude: uk('W1')?.latitude });
  });

  it('unknown districts, malformed postcodes and Australian places are null', () => {
    for (const text of ['ZZ9 9ZZ', 'QQ1', 'SW1A 1A', '12345', '2150', 'Parramatta', 'M1 1AAA']) {
      expect(uk(text), text).toBeNull();
    }
  });
});

describe('lat,lng', () => {
  it("is the shopper's own location in either region, range-checked", () => {
    expect(au('-33.81,151.00')).toEqual({ label: 'Your location', latitude: -33.81, longitude: 151, postcode: null });
    expect(uk('51.5, -0.12')).toMatchObject({ label: 'Your location', latitude: 51.5, longitude: -0.12 });
    for (const text of ['91,0', '-33.8,181', '-33.8,', ',151', '1e3,2', 'NaN,NaN']) expect(au(text), text).toBeNull();
  });
});

describe('the AU tables', () => {
  it('average a postcode over its street localities and keep PO boxes out of it', () => {
    const tables = buildAuTables([
      { postcode: '9000', locality: 'ALPHA', state: 'NSW', type: 'Delivery Area', lat: -33, long: 151 },
      { postcode: '9000', locality: 'BETA', state: 'NSW', type: '', lat: -34, long: 152 },
      { postcode: '9000', locality: 'BOXES', state: 'NSW', type: 'Post Office Boxes', lat: -40, long: 140 },
      { postcode: '9001', locality: 'NOWHERE', state: 'NSW', type: 'Delivery Area', lat: 0, long: 0 },
    ]);
    expect(tables.postcodes.get('9000')).toEqual({ latitude: -33.5, longitude: 151.5 });
    expect(tables.postcodes.has('9001')).toBe(false);
    const service = new PlacesService(() => ({ au: tables, ukDistricts: new Map() }));
    expect(service.resolve('AU', 'beta')).toMatchObject({ label: 'Beta NSW 9000', latitude: -34 });
  });
});

describe('the message for an unknown place', () => {
  it("suggests the region's forms", () => {
    expect(unknownPlaceMessage('AU', ' Nowhere ')).toBe('We couldn\'t find "Nowhere". Try a postcode or suburb.');
    expect(unknownPlaceMessage('UK', 'ZZ9')).toBe(
      'We couldn\'t find "ZZ9". Try a postcode or postcode district, such as M1 or SW1A 1AA.',
    );
  });
});
