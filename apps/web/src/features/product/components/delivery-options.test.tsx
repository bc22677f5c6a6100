// @vitest-environment jsdom
import type { ProductDetail } from '@shop/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SITE_SETTINGS, SiteSettingsContext, siteSettingsFrom } from '../../../lib/site-settings';
import { DeliveryOptions } from './delivery-options';

afterEach(cleanup);

const product = {
  CanPost: true,
  ShippingCost: 995,
  CanPickup: true,
  DisableInStorePickup: false,
  ItemUnavailableAsStoreDisabledPickup: false,
  Store: { Name: 'Camden', PickupDisabled: false },
} as unknown as ProductDetail;

function renderIn(region: 'AU' | 'UK', item: ProductDetail = product) {
  const settings = siteSettingsFrom({
    ...DEFAULT_SITE_SETTINGS,
    Region: region,
    CurrencyCode: region === 'AU' ? 'AUD' : 'GBP',
    CurrencySymbol: region === 'AU' ? '$' : '£',
  });
  render(
    <SiteSettingsContext.Provider value={settings}>
      <DeliveryOptions product={item} />
    </SiteSettingsContext.Provider>,
  );
}

describe('DeliveryOptions', () => {
  it('posts from the cheapest table rate (never "to anywhere") and offers "Click and collect" in the UK', () => {
    renderIn('UK');
    expect(screen.getByText(/depending on your postcode/).textContent).toBe(
      'PostageFrom £9.95, depending on your postcode',
    );
    expect(screen.queryByText(/anywhere/)).toBeNull();
    expect(screen.getByText('Click and collect')).toBeTruthy();
    expect(screen.queryByText('Click & Collect')).toBeNull();
  });

  it('posts from the cheapest table rate and offers "Click & Collect" in Australia', () => {
    renderIn('AU');
    expect(screen.getByText(/depending on your postcode/).textContent).toBe(
      'PostageFrom $9.95, depending on your postcode',
    );
    expect(screen.getByText('Click & Collect')).toBeTruthy();
  });

  it('blames the size only for an item that cannot be posted, not a store closed to pickup', () => {
    renderIn('AU', { ...product, CanPost: false, ShippingCost: null });
    expect(screen.getByText(/too large or heavy to post/)).toBeTruthy();
    cleanup();
    renderIn('AU', {
      ...product,
      CanPost: false,
      ShippingCost: null,
      CanPickup: false,
      ItemUnavailableAsStoreDisabledPickup: true,
      Store: { ...product.Store, PickupDisabled: true },
    });
    expect(screen.queryByText(/too large/)).toBeNull();
    expect(screen.getAllByText('Contact store for options')).toHaveLength(2);
  });
});
