import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { dependsOnViewer, resetViewerData, viewerKey } from './viewer-scope';

describe('viewer-dependent data', () => {
  it('knows which keys belong to the viewer', () => {
    expect(dependsOnViewer(viewerKey('cart', { validate: true }))).toBe(true);
    expect(dependsOnViewer(['wishlist', 'summary'])).toBe(true);
    expect(dependsOnViewer(['search', 'results', 'phone'])).toBe(false);
    expect(dependsOnViewer(['product', 'SH1'])).toBe(false);
  });

  it('forgets the cart and wishlist but keeps the catalogue', async () => {
    const client = new QueryClient();
    client.setQueryData(viewerKey('cart', 'query'), { itemCount: 2 });
    client.setQueryData(viewerKey('wishlist', 'summary'), ['SH1']);
    client.setQueryData(['search', 'results', 'phone'], { total: 10 });
    client.setQueryData(['site'], { Region: 'AU' });
    await resetViewerData(client);
    expect(client.getQueryData(viewerKey('cart', 'query'))).toBeUndefined();
    expect(client.getQueryData(viewerKey('wishlist', 'summary'))).toBeUndefined();
    expect(client.getQueryData(['search', 'results', 'phone'])).toEqual({ total: 10 });
    expect(client.getQueryData(['site'])).toEqual({ Region: 'AU' });
  });
});
