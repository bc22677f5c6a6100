// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, stubFetch } from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/query-wrapper';
import { ReturnsAndWarranty } from './returns-and-warranty';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const section = () => screen.getByRole('region', { name: 'Returns and warranty' });

describe('ReturnsAndWarranty (the item page)', () => {
  it("says what the region's returns page says in brief, and links to it and to the warranty", async () => {
    const calls = stubFetch({
      'GET /c3api/content/helppage': () =>
        envelope({
          Slug: 'returns',
          Title: 'Returns and refunds',
          Description: 'Change-of-mind returns within 30 days with proof of purchase.',
          BodyHtml: '<p>Full policy.</p>',
        }),
    });
    renderRoute('/product/AB12/x', '/product/:code/*', <ReturnsAndWarranty />);
    expect(await screen.findByText('Change-of-mind returns within 30 days with proof of purchase.')).toBeTruthy();
    expect(calls.map((c) => c.url)).toEqual(['/c3api/content/helppage?slug=returns']);
    const links = within(section())
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Returns and refunds', '/help/returns'],
      ['Warranty', '/help/warranty'],
    ]);
  });

  it('still leads to the returns and warranty pages when the summary cannot be had', async () => {
    const calls = stubFetch({ 'GET /c3api/content/helppage': () => envelope(null, 404, 'No help page') });
    renderRoute('/product/AB12/x', '/product/:code/*', <ReturnsAndWarranty />);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(within(section()).getByRole('link', { name: 'Returns and refunds' })).toBeTruthy();
    expect(section().querySelector('.returns-warranty__summary')).toBeNull();
  });
});
