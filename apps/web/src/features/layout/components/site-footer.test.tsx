// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SITE_SETTINGS, SiteSettingsContext, siteSettingsFrom } from '../../../lib/site-settings';
import { withQueryClient } from '../../../test/query-wrapper';
import { SiteFooter } from './site-footer';

beforeEach(() => {
  // The regulatory notice is not part of these tests: it never arrives.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise(() => {})),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderFooter(region: 'AU' | 'UK') {
  const settings = siteSettingsFrom({
    ...DEFAULT_SITE_SETTINGS,
    Region: region,
    CurrencyCode: region === 'AU' ? 'AUD' : 'GBP',
    CurrencySymbol: region === 'AU' ? '$' : '£',
  });
  render(
    withQueryClient(
      <SiteSettingsContext.Provider value={settings}>
        <MemoryRouter>
          <SiteFooter />
        </MemoryRouter>
      </SiteSettingsContext.Provider>,
    ),
  );
}

describe('the site footer', () => {
  it('says "across the United Kingdom" and names the pickup service as the UK site does', () => {
    renderFooter('UK');
    expect(screen.getByText('Pre-loved goods from hundreds of local stores across the United Kingdom.')).toBeTruthy();
    const help = screen.getByRole('navigation', { name: 'Help' });
    expect(within(help).getByRole('link', { name: 'Click and collect' }).getAttribute('href')).toBe(
      '/help/click-and-collect',
    );
  });

  it.each(['AU', 'UK'] as const)('links to the policies every shop must have and to Contact us in %s', (region) => {
    renderFooter(region);
    const legal = screen.getByRole('navigation', { name: 'Legal' });
    const hrefs = within(legal)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(hrefs).toEqual([
      ['Terms and Conditions', '/help/terms-and-conditions'],
      ['Privacy Policy', '/help/privacy-policy'],
      ['About cookies', '/help/cookies'],
    ]);
    const help = screen.getByRole('navigation', { name: 'Help' });
    expect(within(help).getByRole('link', { name: 'Returns and refunds' }).getAttribute('href')).toBe('/help/returns');
    expect(within(help).getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('/help/contact-us');
  });

  it('says "across Australia" and "Click & Collect" in Australia', () => {
    renderFooter('AU');
    expect(screen.getByText('Pre-loved goods from hundreds of local stores across Australia.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Click & Collect' })).toBeTruthy();
  });
});
