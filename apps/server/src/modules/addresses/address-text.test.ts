import { describe, expect, it } from 'vitest';
import {
  type AddressParts,
  addressTokens,
  byRelevance,
  displayText,
  normalise,
  prefixUpperBound,
  relevance,
  searchTerms,
  streetLine,
  titleCase,
} from './address-text.js';

const au: AddressParts = {
  region: 'AU',
  source: 'demo',
  reference: 'R1',
  unitOrLevel: 'Unit 3',
  streetNumber: '12',
  street: 'Smith Street',
  suburb: 'Parramatta',
  state: 'NSW',
  postcode: '2150',
  businessName: '',
  line2: '',
};
const uk: AddressParts = {
  ...au,
  region: 'UK',
  unitOrLevel: 'Flat 2',
  streetNumber: '10',
  street: 'High Street',
  suburb: 'Manchester',
  state: 'Greater Manchester',
  postcode: 'M1 1AE',
};

describe('address text', () => {
  it('writes one line per region', () => {
    expect(displayText(au)).toBe('Unit 3, 12 Smith Street, Parramatta NSW 2150');
    expect(displayText(uk)).toBe('Flat 2, 10 High Street, Manchester, Greater Manchester M1 1AE');
    expect(displayText({ ...au, unitOrLevel: '', businessName: 'Acme Pty Ltd' })).toBe(
      'Acme Pty Ltd, 12 Smith Street, Parramatta NSW 2150',
    );
    expect(streetLine(au)).toBe('Unit 3, 12 Smith Street');
  });

  it('finds an address by its words, a UK postcode also run together', () => {
    expect(addressTokens(au)).toEqual(['unit', '3', '12', 'smith', 'street', 'parramatta', 'nsw', '2150']);
    expect(addressTokens(uk)).toContain('m11ae');
    expect(addressTokens(uk)).toContain('1ae');
  });

  it('normalises what shoppers type: case, accents, apostrophes, slashes', () => {
    expect(normalise("3/12 O'Connell ST, Ménière")).toBe('3 12 oconnell st meniere');
  });

  it('turns a query into prefix terms with abbreviations expanded, each word once', () => {
    expect(searchTerms('12 Smith St Par 12')).toEqual([
      { prefix: '12', exact: [] },
      { prefix: 'smith', exact: [] },
      { prefix: 'st', exact: ['saint'] },
      { prefix: 'par', exact: [] },
    ]);
    expect(searchTerms('rd')).toEqual([{ prefix: 'rd', exact: ['road'] }]);
    expect(searchTerms('--- ,,')).toEqual([]);
    expect(searchTerms('a b c d e f g h i j k')).toHaveLength(8);
  });

  it('bounds a prefix range', () => {
    expect(prefixUpperBound('smi')).toBe('smj');
    expect(prefixUpperBound('29')).toBe('2:');
    expect('smith' >= 'smi' && 'smith' < prefixUpperBound('smi')).toBe(true);
    expect('smj' < prefixUpperBound('smi')).toBe(false);
  });

  it('title-cases G-NAF capitals', () => {
    expect(titleCase('SMITH STREET')).toBe('Smith Street');
    expect(titleCase("O'CONNELL PARADE")).toBe("O'Connell Parade");
    expect(titleCase('MCDONALD LANE')).toBe('McDonald Lane');
    expect(titleCase('SMITH-JONES ROAD')).toBe('Smith-Jones Road');
    expect(titleCase('NEWCASTLE UPON TYNE')).toBe('Newcastle upon Tyne');
  });

  it('ranks an exact street number, then words of the address over a business name', () => {
    const terms = searchTerms('12 smith st');
    const rows = [
      { ...au, unitOrLevel: '', streetNumber: '5', street: 'Bay Street', businessName: 'Smith Dental' },
      { ...au, unitOrLevel: '', streetNumber: '120' },
      { ...au, unitOrLevel: '' },
    ];
    expect(relevance(rows[2] as AddressParts, terms)).toEqual([1, 3, 2]);
    expect(byRelevance(rows, (r) => relevance(r, terms)).map((r) => r.streetNumber)).toEqual(['12', '120', '5']);
  });
});
