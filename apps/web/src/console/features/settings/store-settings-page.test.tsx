// @vitest-environment jsdom
import type { ConsoleStoreSettingsValue } from '@shop/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { envelope, invalidInputReply, type RecordedCall, stubFetch } from '../../../test/fetch-stub';
import { ConsoleContext } from '../../lib/use-console-store';
import { StoreSettingsPage } from './store-settings-page';

const STORE = { Id: 7, Name: 'Ballarat', Region: 'AU' as const };
const BASE = '/c3api/console/stores/7/settings';
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

const SETTINGS: ConsoleStoreSettingsValue = {
  StoreId: 7,
  Name: 'Ballarat',
  Region: 'AU',
  State: 'VIC',
  StateName: 'Victoria',
  Url: '/stores/ballarat-vic',
  Details: {
    Phone: '(03) 5331 2000',
    Email: 'ballarat@example.com',
    Street: '12 Sturt St',
    Suburb: 'Ballarat',
    Postcode: '3350',
    OpeningHours: DAYS.map((Day) => ({ Day, Hours: Day === 'Sunday' ? 'Closed' : '9:00am - 5:30pm' })),
  },
  Pickup: { PickupEnabled: true },
  Postage: {
    ExpressEnabled: true,
    SurchargeThresholdMinor: 50_000,
    SurchargeMinor: 1295,
    HandlingMinor: 0,
    RateCardName: 'Australia standard',
    RateCardShared: true,
    Zones: [{ Id: 3, Name: 'Metro', Areas: '3000-3207' }],
    Rates: [{ ZoneId: 3, Service: 'Regular', MaxWeightGrams: 500, PriceMinor: 995, MinDays: 2, MaxDays: 4 }],
  },
  Invoice: {
    EntityName: 'Ballarat Traders Pty Ltd',
    BusinessNumber: '51 824 753 556',
    VatNumber: '',
    TaxRegistered: true,
    Licences: ['Second-hand Dealers Licence VIC-123456'],
    Printed: { TaxNumber: '51 824 753 556', Licences: [{ Name: 'Second-hand Dealers Licence', Number: 'VIC-123456' }] },
  },
};

let calls: RecordedCall[];
let reply: (call: RecordedCall) => Response;

beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the anti-forgery cookie the server would set
  document.cookie = 'XSRF-TOKEN=csrf-1';
  reply = () => envelope(SETTINGS);
  const post = (call: RecordedCall) => reply(call);
  calls = stubFetch({
    [`GET ${BASE}`]: () => envelope(SETTINGS),
    [`POST ${BASE}/details`]: post,
    [`POST ${BASE}/pickup`]: post,
    [`POST ${BASE}/postage`]: post,
    [`POST ${BASE}/invoice`]: post,
    [`POST ${BASE}/postage/start`]: post,
    'GET /c3api/console/stores/8/settings': () => envelope({ ...SETTINGS, StoreId: 8, Postage: null }),
    'POST /c3api/console/stores/8/settings/postage/start': () => envelope({ ...SETTINGS, StoreId: 8 }),
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage(store = STORE) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ConsoleContext.Provider value={{ me: { Email: 's@example.com', Role: 'store_staff', Stores: [store] }, store }}>
        <MemoryRouter>
          <StoreSettingsPage />
        </MemoryRouter>
      </ConsoleContext.Provider>
    </QueryClientProvider>,
  );
}

const posted = (section: string) => calls.find((c) => c.method === 'POST' && c.url === `${BASE}/${section}`);

describe('the store settings page', () => {
  it('saves the contact and hours with the anti-forgery header, and says so', async () => {
    const user = userEvent.setup();
    renderPage();
    const form = await screen.findByRole('form', { name: 'Contact, address and opening hours' });
    await user.clear(within(form).getByLabelText('Phone'));
    await user.type(within(form).getByLabelText('Phone'), '(03) 5331 9999');
    await user.clear(within(form).getByLabelText('Sunday'));
    await user.type(within(form).getByLabelText('Sunday'), '10:00am - 4:00pm');
    await user.click(within(form).getByRole('button', { name: 'Save contact and hours' }));
    expect(await within(form).findByText('Saved.')).toBeTruthy();
    const call = posted('details');
    expect(call?.headers['X-XSRF-TOKEN']).toBe('csrf-1');
    expect(call?.body).toMatchObject({ Phone: '(03) 5331 9999', Street: '12 Sturt St' });
    expect((call?.body as typeof SETTINGS.Details | undefined)?.OpeningHours[6]).toEqual({
      Day: 'Sunday',
      Hours: '10:00am - 4:00pm',
    });
  });

  it('checks a field in the browser first: the message beside it, nothing sent', async () => {
    const user = userEvent.setup();
    renderPage();
    const form = await screen.findByRole('form', { name: 'Contact, address and opening hours' });
    await user.clear(within(form).getByLabelText('Tuesday'));
    await user.click(within(form).getByRole('button', { name: 'Save contact and hours' }));
    const tuesday = within(form).getByLabelText('Tuesday');
    expect(tuesday.getAttribute('aria-invalid')).toBe('true');
    const errorId = tuesday.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(errorId)?.textContent).toBe("Enter the day's hours, or Closed");
    expect(within(form).getByRole('alert').textContent).toBe('Please correct the marked fields.');
    expect(posted('details')).toBeUndefined();
  });

  it('sends postage in cents; a duplicate band is caught first, a row the server refused is shown beside its field', async () => {
    const user = userEvent.setup();
    reply = () => invalidInputReply([{ Field: 'Rates.1.PriceMinor', Message: 'Is too large' }]);
    renderPage();
    const form = await screen.findByRole('form', { name: 'Postage' });
    await user.clear(within(form).getByLabelText('Handling fee (dollars)'));
    await user.type(within(form).getByLabelText('Handling fee (dollars)'), '$1.50');
    await user.click(within(form).getByRole('button', { name: 'Add a band to Metro' }));
    const band = within(form).getByRole('group', { name: 'Metro band 2' });
    // The new band's first control has the focus.
    await vi.waitFor(() => expect(document.activeElement).toBe(within(band).getByLabelText('Service')));
    await user.type(within(band).getByLabelText('Up to (grams)'), '500');
    await user.type(within(band).getByLabelText('Price (dollars)'), '12');
    await user.type(within(band).getByLabelText('From (days)'), '1');
    await user.type(within(band).getByLabelText('To (days)'), '3');
    await user.click(within(form).getByRole('button', { name: 'Save postage' }));
    expect(await within(band).findByText('Another row of this zone and service has this weight')).toBeTruthy();
    expect(posted('postage')).toBeUndefined();

    await user.clear(within(band).getByLabelText('Up to (grams)'));
    await user.type(within(band).getByLabelText('Up to (grams)'), '3000');
    await user.click(within(form).getByRole('button', { name: 'Save postage' }));
    expect(await within(band).findByText('Is too large')).toBeTruthy();
    expect(posted('postage')?.body).toEqual({
      ExpressEnabled: true,
      SurchargeThresholdMinor: 50_000,
      SurchargeMinor: 1295,
      HandlingMinor: 150,
      Rates: [
        { ZoneId: 3, Service: 'Regular', MaxWeightGrams: 500, PriceMinor: 995, MinDays: 2, MaxDays: 4 },
        { ZoneId: 3, Service: 'Regular', MaxWeightGrams: 3000, PriceMinor: 1200, MinDays: 1, MaxDays: 3 },
      ],
    });
    expect(within(form).queryByText('Saved.')).toBeNull();
  });

  it("shows the server's check of the ABN beside the ABN", async () => {
    const user = userEvent.setup();
    reply = () => invalidInputReply([{ Field: 'BusinessNumber', Message: 'Please enter a valid ABN (11 digits)' }]);
    renderPage();
    const form = await screen.findByRole('form', { name: 'Tax invoices' });
    await user.clear(within(form).getByLabelText('ABN'));
    await user.type(within(form).getByLabelText('ABN'), '12 345 678 901');
    await user.click(within(form).getByRole('button', { name: 'Save tax invoice details' }));
    const abn = within(form).getByLabelText('ABN');
    await vi.waitFor(() => expect(abn.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(abn.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Please enter a valid ABN (11 digits)',
    );
  });

  it("starts a store without a postage table on the region's usual one, then shows its table", async () => {
    const user = userEvent.setup();
    renderPage({ ...STORE, Id: 8 });
    const section = await screen.findByRole('region', { name: 'Postage' });
    expect(section.textContent).toContain('This store has no postage table yet');
    await user.click(within(section).getByRole('button', { name: "Start from the region's usual postage table" }));
    const form = await screen.findByRole('form', { name: 'Postage' });
    expect(within(form).getByRole('heading', { name: 'Metro' })).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/stores/8/settings/postage/start'))).toBe(true);
  });
});
