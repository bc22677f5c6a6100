import type { PlaceResolveValue, StoreQueryValue } from '@shop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeStore } from '../../test/factories.js';
import { testDatabaseTargets } from '../../test/test-database.js';
import { useTestShop } from '../../test/test-shop.js';

/** Every store keeps this week; Sunday closed. */
const WEEK = JSON.stringify([
  { Day: 'Monday', Hours: '9:00am - 5:30pm' },
  { Day: 'Tuesday', Hours: '9:00am - 5:30pm' },
  { Day: 'Wednesday', Hours: '9:00am - 5:30pm' },
  { Day: 'Thursday', Hours: '9:00am - 9:00pm' },
  { Day: 'Friday', Hours: '9:00am - 5:30pm' },
  { Day: 'Saturday', Hours: '9:00am - 5:00pm' },
  { Day: 'Sunday', Hours: 'Closed' },
]);

/** Monday 30 November 2026, 10:00 in Sydney (AEDT, UTC+11): 7:00 in Perth, Sunday 23:00 in London. */
const MONDAY_10AM_SYDNEY = Date.parse('2026-11-29T23:00:00Z');

describe.each(testDatabaseTargets())('places and the store finder on $name', (target) => {
  let clock = MONDAY_10AM_SYDNEY;
  const shop = useTestShop(target, {
    seed: async (database) => {
      const db = database.handle.db;
      const au = { region: 'AU' as const, opening_hours: WEEK };
      await makeStore(db, {
        ...au,
        name: 'Parramatta',
        slug: 'parramatta-nsw',
        state: 'NSW',
        suburb: 'Parramatta',
        postcode: '2150',
        latitude: -33.8136,
        longitude: 151.0034,
      });
      await makeStore(db, {
        ...au,
        name: 'Sydney City',
        slug: 'sydney-city-nsw',
        state: 'NSW',
        suburb: 'Sydney',
        postcode: '2000',
        latitude: -33.8688,
        longitude: 151.2093,
      });
      await makeStore(db, {
        ...au,
        name: 'Penrith',
        slug: 'penrith-nsw',
        state: 'NSW',
        suburb: 'Penrith',
        postcode: '2750',
        latitude: -33.7507,
        longitude: 150.6877,
      });
      await makeStore(db, {
        ...au,
        name: 'Perth City',
        slug: 'perth-city-wa',
        state: 'WA',
        suburb: 'Perth',
        postcode: '6000',
        latitude: -31.952,
        longitude: 115.861,
      });
      const uk = { region: 'UK' as const, opening_hours: WEEK };
      await makeStore(db, {
        ...uk,
        name: 'Manchester Arndale',
        slug: 'manchester-arndale-man',
        state: 'MAN',
        suburb: 'Manchester',
        postcode: 'M4 3AQ',
        latitude: 53.483,
        longitude: -2.239,
      });
      await makeStore(db, {
        ...uk,
        name: 'Croydon',
        slug: 'croydon-lnd',
        state: 'LND',
        suburb: 'Croydon',
        postcode: 'CR0 1LP',
        latitude: 51.372,
        longitude: -0.099,
      });
    },
    server: { now: () => clock },
  });
  const au = shop.server;
  const uk = shop.alsoServe({ REGION: 'UK' }, { now: () => clock });

  beforeAll(() => {
    clock = MONDAY_10AM_SYDNEY;
  });

  const resolve = (server: typeof au, q: string) =>
    server.get<PlaceResolveValue>(`/c3api/places/resolve?q=${encodeURIComponent(q)}`);
  const stores = (server: typeof au, query: string) => server.get<StoreQueryValue>(`/c3api/store/query/?${query}`);

  describe('GET /c3api/places/resolve', () => {
    it('answers the place as a ShopperPlace in the envelope', async () => {
      const reply = await resolve(au, 'parramatta nsw');
      expect(reply.status).toBe(200);
      expect(reply.body.WasSuccessful).toBe(true);
      expect(reply.body.Value.Place).toMatchObject({ Label: 'Parramatta NSW 2150', Postcode: '2150' });
      expect((await resolve(au, '2150')).body.Value.Place).toMatchObject({ Label: '2150', Postcode: '2150' });
      expect((await resolve(au, '-33.81,151.00')).body.Value.Place).toEqual({
        Label: 'Your location',
        Latitude: -33.81,
        Longitude: 151,
        Postcode: null,
      });
      expect((await resolve(uk, 'sw1a1aa')).body.Value.Place).toMatchObject({
        Label: 'SW1A 1AA',
        Postcode: 'SW1A 1AA',
      });
      expect((await resolve(uk, 'EH1')).body.Value.Place).toMatchObject({ Label: 'EH1', Postcode: 'EH1' });
    });

    it("an unknown or malformed place is a 400 on q with the region's hint, never a 500", async () => {
      for (const q of ['Nowhereville', '', '99,999', 'x'.repeat(5000), 'SW1A 1AA', '<script>']) {
        const reply = await resolve(au, q);
        expect(reply.status, q).toBe(400);
        expect(reply.body.FieldErrors?.[0]?.Field).toBe('q');
        expect(reply.body.FieldErrors?.[0]?.Message).toMatch(/^We couldn't find ".*"\. Try a postcode or suburb\.$/s);
      }
      expect((await resolve(au, 'Nowhereville')).body.FieldErrors).toEqual([
        { Field: 'q', Message: 'We couldn\'t find "Nowhereville". Try a postcode or suburb.' },
      ]);
      expect((await uk.get('/c3api/places/resolve?q=ZZ9')).body.FieldErrors).toEqual([
        {
          Field: 'q',
          Message: 'We couldn\'t find "ZZ9". Try a postcode or postcode district, such as M1 or SW1A 1AA.',
        },
      ]);
      expect((await au.get('/c3api/places/resolve')).status).toBe(400);
    });
  });

  describe('GET /c3api/store/query/ with near', () => {
    it('sorts nearest first from the place, DistanceKm to one decimal', async () => {
      const reply = await stores(au, 'near=2150&sort=distance');
      expect(reply.status).toBe(200);
      const list = reply.body.Value.Stores;
      expect(list.map((s) => s.Name)).toEqual(['Parramatta', 'Sydney City', 'Penrith', 'Perth City']);
      for (const s of list) expect(s.DistanceKm).toBe(Math.round((s.DistanceKm ?? Number.NaN) * 10) / 10);
      expect(list[0]?.DistanceKm).toBeLessThan(2);
      expect(list[1]?.DistanceKm).toBeGreaterThan(17);
      expect(list[1]?.DistanceKm).toBeLessThan(21);
      expect(list[3]?.DistanceKm).toBeGreaterThan(3000);
    });

    it('a suburb or lat,lng works the same; without near there is no distance', async () => {
      const bySuburb = (await stores(au, 'near=Penrith&sort=distance')).body.Value.Stores;
      expect(bySuburb[0]?.Name).toBe('Penrith');
      const byPoint = (await stores(au, `near=${encodeURIComponent('-31.95,115.86')}&sort=distance`)).body.Value.Stores;
      expect(byPoint[0]?.Name).toBe('Perth City');
      const plain = (await stores(au, 'sort=name')).body.Value.Stores;
      expect(plain.every((s) => s.DistanceKm === null)).toBe(true);
    });

    it('UK: a district or full postcode', async () => {
      const fromM1 = (await stores(uk, 'near=M1&sort=distance')).body.Value.Stores;
      expect(fromM1.map((s) => s.Name)).toEqual(['Manchester Arndale', 'Croydon']);
      expect(fromM1[1]?.DistanceKm).toBeGreaterThan(260);
      const fromCroydon = (await stores(uk, 'near=cr01lp&sort=distance')).body.Value.Stores;
      expect(fromCroydon[0]?.Name).toBe('Croydon');
    });

    it('an unknown near is a 400 on near', async () => {
      const reply = await stores(au, 'near=Atlantis');
      expect(reply.status).toBe(400);
      expect(reply.body.FieldErrors).toEqual([
        { Field: 'near', Message: 'We couldn\'t find "Atlantis". Try a postcode or suburb.' },
      ]);
    });

    it("OpenNow and TodayHours at fixed times, in each store's own zone", async () => {
      const at = async (iso: string, server = au) => {
        clock = Date.parse(iso);
        const list = (await stores(server, 'sort=name')).body.Value.Stores;
        return Object.fromEntries(list.map((s) => [s.Name, [s.OpenNow, s.TodayHours]]));
      };
      // Monday 10 am in Sydney: Sydney open; Perth 7 am, not yet.
      expect(await at('2026-11-29T23:00:00Z')).toMatchObject({
        Parramatta: [true, '9:00 am - 5:30 pm'],
        'Perth City': [false, '9:00 am - 5:30 pm'],
      });
      // Monday 6 pm in Sydney: after closing there; 3 pm in Perth, open.
      expect(await at('2026-11-30T07:00:00Z')).toMatchObject({
        Parramatta: [false, '9:00 am - 5:30 pm'],
        'Perth City': [true, '9:00 am - 5:30 pm'],
      });
      // Sunday noon in Sydney: closed all day.
      expect(await at('2026-11-29T01:00:00Z')).toMatchObject({ Parramatta: [false, 'Closed'] });
      // Monday 8 am in Sydney is Sunday 9 pm in London: the UK stores' day is Sunday, closed.
      expect(await at('2026-11-29T21:00:00Z', uk)).toMatchObject({ Croydon: [false, 'Closed'] });
      // Thursday 7 pm in London: late opening.
      expect(await at('2026-12-03T19:00:00Z', uk)).toMatchObject({ Croydon: [true, '9:00 am - 9:00 pm'] });
      clock = MONDAY_10AM_SYDNEY;
    });
  });
});
