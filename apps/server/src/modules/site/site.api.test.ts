import type { SiteValue } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../../test/test-database.js';
import { startTestServer } from '../../test/test-server.js';
import { useTestShop } from '../../test/test-shop.js';

describe.each(testDatabaseTargets())('site settings on $name', (target) => {
  const { database } = useTestShop(target, { server: false });

  async function site(env: Record<string, string>): Promise<SiteValue> {
    const server = await startTestServer(database, env);
    try {
      const { status, body } = await server.get<SiteValue>('/c3api/site');
      expect(status).toBe(200);
      return body.Value;
    } finally {
      await server.close();
    }
  }

  it('gives the region, its currency and the default flags', async () => {
    expect(await site({})).toEqual({
      Region: 'AU',
      CurrencyCode: 'AUD',
      CurrencySymbol: '$',
      WishlistsEnabled: true,
      DiscountsEnabled: true,
      WishlistAlertsEnabled: true,
      SavedSearchesEnabled: true,
      SuggestionMinLength: 3,
    });
  });

  it('follows the configuration', async () => {
    expect(
      await site({
        REGION: 'UK',
        WISHLISTS_ENABLED: 'false',
        DISCOUNTS_ENABLED: '0',
        WISHLIST_ALERTS_ENABLED: 'off',
        SAVED_SEARCHES_ENABLED: 'no',
        SUGGESTION_MIN_LENGTH: '4',
      }),
    ).toEqual({
      Region: 'UK',
      CurrencyCode: 'GBP',
      CurrencySymbol: '£',
      WishlistsEnabled: false,
      DiscountsEnabled: false,
      WishlistAlertsEnabled: false,
      SavedSearchesEnabled: false,
      SuggestionMinLength: 4,
    });
  });
});
