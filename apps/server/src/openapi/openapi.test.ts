import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sqliteTestDatabaseTarget } from '../test/test-database.js';
import { useTestShop } from '../test/test-shop.js';
import { OPENAPI_FILE, openApiText } from './write-openapi.cli.js';

describe('OpenAPI document', () => {
  const { server } = useTestShop(sqliteTestDatabaseTarget());

  it('is served at /c3api/openapi.json and describes every call', async () => {
    const response = await fetch(`${server.baseUrl}/c3api/openapi.json`);
    const document = await response.json();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual([
      '/c3api/site',
      '/c3api/whoami',
      '/c3api/account/register',
      '/c3api/account/login',
      '/c3api/account/logout',
      '/c3api/account/password/forgot',
      '/c3api/account/password/reset',
      '/c3api/account/password',
      '/c3api/account/profile',
      '/c3api/account/overview',
      '/c3api/account/orders',
      '/c3api/account/orders/{orderid}',
      '/c3api/account/passkeys',
      '/c3api/account/passkeys/options',
      '/c3api/account/passkeys/add',
      '/c3api/account/passkeys/remove',
      '/c3api/account/passkey-login/options',
      '/c3api/account/passkey-login',
      '/c3api/address',
      '/c3api/checkout/view',
      '/c3api/checkout/confirmation',
      '/c3api/promotion/discountcoupon',
      '/c3api/checkout/purchase/process',
      ...['configuration', 'return'].map((call) => `/c3api/checkout/clearpay/${call}`),
      ...['response', 'validate', 'cancel'].map((call) => `/c3api/checkout/globalpay/${call}`),
      ...['/c3api/checkout/eway/validate', '/c3api/checkout/eway/cancel', '/c3api/checkout/eway/logerror'],
      ...['accept', 'cancel', 'cancelattempt', 'webhook'].map((call) => `/c3api/checkout/paypal/${call}`),
      '/c3api/checkout/payment/resume',
      '/c3api/checkout/payment/startagain',
      '/c3api/checkout/shipping/estimate',
      '/c3api/checkout/shipping/setexpresscost',
      '/c3api/checkout/splitcheckoutview',
      '/c3api/product/postage',
      '/c3api/product/postage/cards',
      '/c3api/invoice',
      '/c3api/savedsearch/unsubscribe',
      '/c3api/search/results',
      '/c3api/search/predective',
      '/c3api/product/similar',
      '/c3api/product/popular',
      '/c3api/store/query/',
      '/c3api/places/resolve',
      '/c3api/product/query',
      '/c3api/product/enquiry',
      '/c3api/cart/add',
      '/c3api/cart/query',
      '/c3api/cart/remove',
      '/c3api/wishlist/query/summary',
      '/c3api/wishlist/query/page',
      '/c3api/wishlist/contains',
      '/c3api/wishlist/add',
      '/c3api/wishlist/remove',
      '/c3api/wishlist/cleanup',
      '/c3api/wishlist/clear',
      '/c3api/wishlist/merge',
      '/c3api/wishlistalert/toggle',
      '/c3api/wishlistalert/acknowledgefeature',
      '/c3api/wishlistalert/unsubscribe',
      '/c3api/emailverification/resendcode',
      '/c3api/savedsearch/list',
      '/c3api/savedsearch/add',
      '/c3api/savedsearch/edit',
      '/c3api/savedsearch/delete',
      '/c3api/console/me',
      '/c3api/console/stores/{storeId}/items',
      '/c3api/console/stores/{storeId}/categories',
      '/c3api/console/stores/{storeId}/items/{code}',
      '/c3api/console/stores/{storeId}/items/{code}/edit',
      '/c3api/console/stores/{storeId}/items/{code}/price',
      '/c3api/console/stores/{storeId}/items/{code}/sell',
      '/c3api/console/stores/{storeId}/items/{code}/withdraw',
      '/c3api/console/stores/{storeId}/import',
      '/c3api/console/stores/{storeId}/price-guide',
      '/c3api/console/stores/{storeId}/orders',
      '/c3api/console/stores/{storeId}/orders/{reference}',
      '/c3api/console/stores/{storeId}/orders/{reference}/ready',
      '/c3api/console/stores/{storeId}/orders/{reference}/collected',
      '/c3api/console/stores/{storeId}/orders/{reference}/dispatched',
      '/c3api/console/stores/{storeId}/orders/{reference}/items/{code}/cancel',
      '/c3api/console/stores/{storeId}/audit',
      '/c3api/console/staff',
      '/c3api/console/invitations',
      '/c3api/console/invitations/accept',
      '/c3api/console/invitations/register',
      '/c3api/console/stores/{storeId}/settings',
      '/c3api/console/stores/{storeId}/settings/details',
      '/c3api/console/stores/{storeId}/settings/pickup',
      '/c3api/console/stores/{storeId}/settings/postage',
      '/c3api/console/stores/{storeId}/settings/postage/start',
      '/c3api/console/stores/{storeId}/settings/invoice',
      '/c3api/console/admin/stores',
      '/c3api/console/admin/stores/{id}',
      '/c3api/console/admin/banners',
      '/c3api/console/admin/banners/{id}',
      '/c3api/console/admin/banners/{id}/remove',
      '/c3api/console/admin/discount-codes',
      '/c3api/console/admin/discount-codes/{id}',
      '/c3api/console/admin/discount-codes/{id}/deactivate',
      '/c3api/console/admin/staff/{userId}',
      '/c3api/console/admin/staff/{userId}/remove',
      '/c3api/console/admin/flags',
      '/c3api/console/admin/pages',
      '/c3api/console/admin/pages/{slug}',
      '/c3api/captcha',
      '/c3api/banners',
      '/c3api/footer/warningaboutborrowing',
      '/c3api/content/helppage',
      '/c3api/images/product/{code}/{position}',
      '/c3api/images/category-icon/{name}',
      '/healthz',
      '/readyz',
      '/metrics',
      '/c3api/openapi.json',
    ]);
    expect(document.paths['/c3api/dev/outbox']).toBeUndefined();
    const enquiry = document.paths['/c3api/product/enquiry'].post;
    const body = enquiry.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual(
      expect.arrayContaining(['productCode', 'name', 'email', 'message', 'date', 'recaptchaToken']),
    );
    expect(enquiry.responses['403']).toBeDefined();
    expect(document.paths['/c3api/product/query'].get.responses['403']).toBeUndefined();
    const search = document.paths['/c3api/search/results'].get;
    expect(search.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['query', 'page', 'NumberOfResults', 'Sort', 'category', 'location', 'price', 'onsale']),
    );
    expect(search.responses['400']).toBeDefined();
  });

  it('matches docs/openapi.json (run npm run openapi after changing the contract)', () => {
    expect(readFileSync(OPENAPI_FILE, 'utf8')).toBe(openApiText());
  });
});
