import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { candidateRoutes, firstSegment } from './route-candidates';
import { routeObjects } from './router';

/** What React Router chose: each matched route's id, path and params. */
function chosen(routes: RouteObject[], pathname: string) {
  return (matchRoutes(routes, pathname) ?? []).map((match) => ({
    id: match.route.id,
    path: match.route.path,
    index: match.route.index,
    params: match.params,
    pathname: match.pathname,
  }));
}

const PATHS = [
  '/',
  '//',
  '/search-results',
  '/search-results/phones/apple',
  '/SEARCH-RESULTS/x',
  '/shop',
  '/shop/',
  '/shop/extra',
  '/product/ABC123',
  '/product/ABC123/iphone-13-pro',
  '/Product/abc',
  '/%70roduct/abc',
  '/product',
  '/help/returns',
  '/stores/fyshwick',
  '/cart',
  '/cart/',
  '//cart',
  '/checkout',
  '/checkout/',
  '/checkout/confirmation',
  '/checkout/confirmation/ORD-1',
  '/wishlist',
  '/gst-invoice',
  '/login',
  '/register',
  '/logout',
  '/forgot-password',
  '/reset-password',
  '/my-account',
  '/my-account/profile',
  '/my-account/password',
  '/my-account/passkeys',
  '/my-account/orders',
  '/my-account/orders/ORD-12',
  '/my-account/orders/ORD-12/extra',
  '/my-account/saved-searches/4',
  '/my-account/anything',
  '/store-console',
  '/store-console/admin/discount-codes',
  '/no-such-page',
  '/%E0%A4%A',
  '/a%2Fb/c',
];

describe('candidateRoutes', () => {
  it('leaves React Router choosing the same route with the same params on every shop path', () => {
    for (const path of PATHS) {
      const kept = candidateRoutes(routeObjects, path);
      expect(chosen(kept, path), path).toEqual(chosen(routeObjects, path));
      expect(chosen(kept, path).length, path).toBeGreaterThan(0);
    }
  });

  it('hands the router far fewer routes for a product page, the same array each time', () => {
    const count = (routes: RouteObject[]): number =>
      routes.reduce((sum, route) => sum + 1 + count(route.children ?? []), 0);
    const kept = candidateRoutes(routeObjects, '/product/ABC123');
    expect(count(kept)).toBeLessThan(count(routeObjects) / 4);
    expect(candidateRoutes(routeObjects, '/product/XYZ')).toBe(kept);
  });

  it('keeps parameters, optional segments, splats, layouts and a "/" with children', () => {
    const routes: RouteObject[] = [
      { path: '/', children: [{ path: 'cart' }, { index: true }] },
      { path: ':lang/about' },
      { path: 'team?/people' },
      { path: '/Exact', caseSensitive: true },
      { children: [{ path: '/inner' }, { path: '/other' }] },
      { path: '*' },
    ];
    const paths = (path: string) => candidateRoutes(routes, path).map(describeRoute);
    expect(paths('/cart')).toEqual(['/[cart]', ':lang/about', 'team?/people', '*']);
    expect(paths('/inner')).toEqual([':lang/about', 'team?/people', '[/inner]', '*']);
    expect(paths('/exact')).toEqual([':lang/about', 'team?/people', '*']);
    expect(paths('/Exact')).toEqual([':lang/about', 'team?/people', '/Exact', '*']);
    expect(paths('/')).toEqual(['/[cart,index]', ':lang/about', 'team?/people', '*']);
  });

  it('reads the first segment as the router does', () => {
    expect(firstSegment('/product/x')).toBe('product');
    expect(firstSegment('//cart')).toBe('cart');
    expect(firstSegment('/')).toBe('');
    expect(firstSegment('/%70roduct')).toBe('product');
    expect(firstSegment('/%E0%A4%A')).toBe('%E0%A4%A');
  });
});

function describeRoute(route: RouteObject): string {
  const children = route.children?.map((child) => (child.index ? 'index' : child.path)).join(',');
  return `${route.path ?? ''}${children ? `[${children}]` : ''}`;
}
