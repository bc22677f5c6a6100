// @vitest-environment jsdom
import type { AdminDiscount } from '@shop/contract';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SITE_SETTINGS, SiteSettingsContext, siteSettingsFrom } from '../../../lib/site-settings';
import { envelope, stubFetch } from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/query-wrapper';
import { DiscountsPage } from './discounts-page';

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
});
