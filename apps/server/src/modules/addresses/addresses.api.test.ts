import type { AddressDetail, AddressSuggestion } from '@shop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../lib/context.js';
import { TestClient } from '../../test/test-client.js';
import { testDatabaseTargets } from '../../test/test-database.js';
import { useTestShop } from '../../test/test-shop.js';
import { addressRecord } from './address-record.js';
import type { AddressParts } from './address-text.js';
import { AddressesRepository } from './addresses.repository.js';

const base = { source: 'demo', unitOrLevel: '', businessName: '', line2: '' } as const;
const parramatta = { region: 'AU', suburb: 'Parramatta', state: 'NSW', postcode: '2150' } as const;
const penrith = { region: 'AU', suburb: 'Penrith', state: 'NSW', postcode: '2750' } as const;
const manchester = { region: 'UK', suburb: 'Manchester', state: 'Greater Manchester', postcode: 'M1 1AE' } as const;

const ADDRESSES: AddressParts[] = [
  { ...base, ...parramatta, reference: 'TAU0001', streetNumber: '120', street: 'Smith Street' },
  { ...base, ...parramatta, reference: 'TAU0002', streetNumber: '12', street: 'Smith Street' },
  { ...base, ...parramatta, reference: 'TAU0003', streetNumber: '12', street: 'Smith Street', unitOrLevel: 'Unit 3' },
  { ...base, ...parramatta, reference: 'TAU0004', streetNumber: '4', street: 'Smithfield Road' },
  {
    ...base,
    ...parramatta,
    reference: 'TAU0005',
    streetNumber: '5',
    street: 'George Street',
    businessName: 'Harris Dental Pty Ltd',
  },
  { ...base, ...parramatta, reference: 'TAU0006', streetNumber: '9', street: 'Macquarie Avenue' },
  ...Array.from({ length: 10 }, (_, i) => ({
    ...base,
    ...penrith,
    reference: `TAU01${String(i).padStart(2, '0')}`,
    streetNumber: String(i + 1),
    street: 'Church Lane',
  })),
  { ...base, ...manchester, reference: 'TUK0001', streetNumber: '10', street: 'High Street', unitOrLevel: 'Flat 2' },
  { ...base, ...manchester, reference: 'TUK0002', streetNumber: '12', street: 'Smith Street' },
];

describe.each(testDatabaseTargets())('address lookup on $name', (target) => {
  let shopper: TestClient;
  const shop = useTestShop(target, {
    seed: async (database) => {
      await new AddressesRepository().replace(
        systemContext(database.handle, 'AU'),
        ADDRESSES.map((a) => addressRecord(a)),
      );
    },
    env: { TRUST_PROXY: 'true' },
  });
  const au = shop.server;
  const uk = shop.alsoServe({ TRUST_PROXY: 'true', REGION: 'UK' });

  beforeAll(async () => {
    shopper = new TestClient(au.baseUrl);
  });

  const suggest = async (query: string, client = shopper) => {
    const reply = await client.get<AddressSuggestion[]>(`/c3api/address?query=${encodeURIComponent(query)}`);
    expect(reply.status, reply.body.Message ?? '').toBe(200);
    return reply.body.Value;
  };
  const texts = async (query: string, client = shopper) => (await suggest(query, client)).map((s) => s.Text);

  it('finds what a shopper types: number, partial street and suburb, abbreviated type; the exact number first', async () => {
    const found = await suggest('12 smith st par');
    expect(found[0]).toEqual({ Text: '12 Smith Street, Parramatta NSW 2150', Reference: 'TAU0002' });
    expect(found.map((s) => s.Text)).toEqual([
      '12 Smith Street, Parramatta NSW 2150',
      'Unit 3, 12 Smith Street, Parramatta NSW 2150',
      '120 Smith Street, Parramatta NSW 2150',
    ]);
    expect(await texts('12 SMITH STREET, PARRAMATTA')).toHaveLength(3);
    expect(await texts('3/12 smith')).toEqual(['Unit 3, 12 Smith Street, Parramatta NSW 2150']);
    expect(await texts('smithfield rd')).toEqual(['4 Smithfield Road, Parramatta NSW 2150']);
    expect(await texts('9 macquarie ave')).toEqual(['9 Macquarie Avenue, Parramatta NSW 2150']);
  });

  it('finds by suburb prefix and by postcode, and by a business name', async () => {
    expect(await texts('parram')).toHaveLength(6);
    expect(await texts('2150')).toHaveLength(6);
    expect(await texts('george 2150')).toEqual(['Harris Dental Pty Ltd, 5 George Street, Parramatta NSW 2150']);
    expect(await texts('harris dental')).toEqual(['Harris Dental Pty Ltd, 5 George Street, Parramatta NSW 2150']);
    expect(await texts('nowhere street')).toEqual([]);
    expect(await texts('////////')).toEqual([]);
  });

  it('answers at most 7, in street-number order', async () => {
    const found = await texts('church lane penrith');
    expect(found).toHaveLength(7);
    expect(found[0]).toBe('1 Church Lane, Penrith NSW 2750');
    expect(found[6]).toBe('7 Church Lane, Penrith NSW 2750');
  });

  it("suggests only the server's region", async () => {
    const briton = new TestClient(uk.baseUrl);
    expect(await texts('high street manchester')).toEqual([]);
    expect(await texts('10 high st', briton)).toEqual([
      'Flat 2, 10 High Street, Manchester, Greater Manchester M1 1AE',
    ]);
    expect(await texts('m1 1ae flat', briton)).toHaveLength(1);
    expect(await texts('m11ae', briton)).toHaveLength(2);
    expect(await texts('12 smith st', briton)).toEqual(['12 Smith Street, Manchester, Greater Manchester M1 1AE']);
    expect(await texts('12 smith st')).not.toContain('12 Smith Street, Manchester, Greater Manchester M1 1AE');
  });

  it("answers a reference's parts", async () => {
    const unit = await shopper.get<AddressDetail>('/c3api/address?reference=TAU0003');
    expect(unit.status).toBe(200);
    expect(unit.headers.get('cache-control')).toBe('private, max-age=300');
    expect(unit.body.Value).toEqual({
      Line1: 'Unit 3, 12 Smith Street',
      Line2: '',
      UnitOrLevel: 'Unit 3',
      StreetNumber: '12',
      Street: 'Smith Street',
      Suburb: 'Parramatta',
      State: 'NSW',
      PostCode: '2150',
      BusinessName: '',
    });
    const business = await shopper.get<AddressDetail>('/c3api/address?reference=TAU0005');
    expect(business.body.Value).toMatchObject({ Line1: '5 George Street', BusinessName: 'Harris Dental Pty Ltd' });
    const flat = await new TestClient(uk.baseUrl).get<AddressDetail>('/c3api/address?reference=TUK0001');
    expect(flat.body.Value).toMatchObject({
      Line1: 'Flat 2, 10 High Street',
      UnitOrLevel: 'Flat 2',
      Suburb: 'Manchester',
      State: 'Greater Manchester',
      PostCode: 'M1 1AE',
    });
  });

  it("404s an unknown reference and another region's", async () => {
    for (const reference of ['NOPE', 'TUK0001', 'tau0003']) {
      const reply = await shopper.get(`/c3api/address?reference=${reference}`);
      expect(reply.status, reference).toBe(404);
      expect(reply.body.WasSuccessful).toBe(false);
    }
  });

  it('400s bad input with a message naming the field, never a 500', async () => {
    const cases: [string, string][] = [
      ['/c3api/address?query=abc', 'query'],
      ['/c3api/address?query=%20%20ab%20%20', 'query'],
      ['/c3api/address', 'query'],
      ['/c3api/address?query=', 'query'],
      ['/c3api/address?query=smith&reference=TAU0001', 'query'],
      [`/c3api/address?query=${'a'.repeat(201)}`, 'query'],
      [`/c3api/address?reference=${'a'.repeat(201)}`, 'reference'],
      ['/c3api/address?query=smith%00', 'query'],
      ['/c3api/address?query=smith&query=jones', 'query'],
    ];
    for (const [path, field] of cases) {
      const reply = await shopper.get(path);
      expect(reply.status, path).toBe(400);
      expect(reply.body.Message, path).toContain(field);
    }
  });

  it('limits one address to 120 lookups a minute', async () => {
    const scraper = new TestClient(au.baseUrl);
    const statuses: number[] = [];
    for (let i = 0; i < 121; i++) statuses.push((await scraper.get('/c3api/address?reference=TAU0001')).status);
    expect(statuses.slice(0, 120).every((s) => s === 200)).toBe(true);
    expect(statuses[120]).toBe(429);
  });
});
