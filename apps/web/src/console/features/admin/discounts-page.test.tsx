// @vitest-environment jsdom
import type { AdminDiscount } from '@shop/contract';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SITE_SETTINGS, SiteSettingsContext, siteSettingsFrom } from '../../../lib/site-settings';
import { installDialogPolyfill } from '../../../test/dialog';
import { envelope, stubFetch } from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/query-wrapper';
import { withSavedDiscount } from './api/admin-discounts';
import { DiscountsPage } from './discounts-page';

beforeAll(installDialogPolyfill);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function code(over: Partial<AdminDiscount>): AdminDiscount {
  return {
    Id: 1,
    Code: 'SPRING',
    Method: 'Percentage',
    Amount: 1000,
    AmountDisplay: '10%',
    Description: '',
    StartsAt: null,
    EndsAt: null,
    MinSpendMinor: 0,
    MaxUses: null,
    MaxUsesPerCustomer: null,
    UsesCount: 0,
    Active: true,
    ...over,
  };
}

const CODES = [
  // Midnight on 1 January 2026 in Brisbane (AEST, UTC+10) to 3:30 pm on 31 March 2026.
  code({ Id: 1, Code: 'SUMMER', StartsAt: '2025-12-31T14:00:00.000Z', EndsAt: '2026-03-31T05:30:00.000Z' }),
  code({ Id: 2, Code: 'WINTER', StartsAt: '2026-06-01T00:00:00.000Z' }),
  code({ Id: 3, Code: 'ALWAYS' }),
  code({ Id: 4, Code: 'OLD', EndsAt: '2026-01-01T00:00:00.000Z', Active: false }),
];

function renderCodes(region: 'AU' | 'UK' = 'AU') {
  stubFetch({ 'GET /c3api/console/admin/discount-codes': () => envelope({ Codes: CODES }) });
  const settings =
    region === 'AU'
      ? DEFAULT_SITE_SETTINGS
      : siteSettingsFrom({ ...DEFAULT_SITE_SETTINGS, Region: 'UK', CurrencyCode: 'GBP', CurrencySymbol: '£' });
  renderRoute(
    '/store-console/admin/discount-codes',
    '/store-console/admin/discount-codes',
    <SiteSettingsContext.Provider value={settings}>
      <DiscountsPage />
    </SiteSettingsContext.Provider>,
  );
}

const card = async (name: string) => {
  const heading = await screen.findByRole('heading', { level: 3, name: new RegExp(`^${name}`) });
  return heading.closest('li') as HTMLElement;
};

describe('Admin discount codes', () => {
  it('says beside "On" when a code is past its end or before its start, and shows dates in the long style', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-04-15T00:00:00.000Z') });
    renderCodes();
    const summer = await card('SUMMER');
    expect(within(summer).getByRole('heading').textContent).toBe('SUMMER On Expired');
    expect(summer.textContent).toContain('Validfrom 1 January 2026 until 31 March 2026, 3:30 pm AEST');
    expect(within(await card('WINTER')).getByRole('heading').textContent).toBe('WINTER On Not started yet');
    expect(within(await card('ALWAYS')).getByRole('heading').textContent).toBe('ALWAYS On');
    // Off and past its end: both are said.
    expect(within(await card('OLD')).getByRole('heading').textContent).toBe('OLD Off Expired');
  });

  it('shows a code within its dates as simply On, and UK dates in UK time', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-02-01T00:00:00.000Z') });
    renderCodes('UK');
    const summer = await card('SUMMER');
    expect(within(summer).getByRole('heading').textContent).toBe('SUMMER On');
    expect(summer.textContent).toContain('Validfrom 31 December 2025, 2:00 pm GMT until 31 March 2026, 6:30 am BST');
  });

  it('shows a code turned off in the list with its notice, before the list is fetched again', async () => {
    let listed = 0;
    stubFetch({
      // The first list arrives; the refetch after the change never does, so only the saved code can update it.
      'GET /c3api/console/admin/discount-codes': () => {
        listed += 1;
        return listed === 1 ? envelope({ Codes: CODES }) : new Promise<Response>(() => {});
      },
      'POST /c3api/console/admin/discount-codes/3/deactivate': () => envelope({ ...CODES[2], Active: false }),
    });
    renderRoute(
      '/store-console/admin/discount-codes',
      '/store-console/admin/discount-codes',
      <SiteSettingsContext.Provider value={DEFAULT_SITE_SETTINGS}>
        <DiscountsPage />
      </SiteSettingsContext.Provider>,
    );
    fireEvent.click(within(await card('ALWAYS')).getByRole('button', { name: 'Turn off ALWAYS' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Turn the code off' }));
    await screen.findByText('ALWAYS is off: checkout no longer takes it.');
    expect(within(await card('ALWAYS')).getByRole('heading').textContent).toBe('ALWAYS Off');
    expect(listed).toBe(2);
  });
});

describe('withSavedDiscount', () => {
  it('replaces a code by its id and adds a new one in the order of codes', () => {
    const list = { Codes: CODES };
    const renamed = withSavedDiscount(list, code({ Id: 3, Code: 'ALWAYS', Active: false }));
    expect(renamed.Codes.map((c) => `${c.Code}:${c.Active}`)).toEqual([
      'ALWAYS:false',
      'OLD:false',
      'SUMMER:true',
      'WINTER:true',
    ]);
    const added = withSavedDiscount(list, code({ Id: 9, Code: 'NEW' }));
    expect(added.Codes.map((c) => c.Code)).toEqual(['ALWAYS', 'NEW', 'OLD', 'SUMMER', 'WINTER']);
  });
});
