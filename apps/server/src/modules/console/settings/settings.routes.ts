import {
  ConsoleStoreParamsSchema,
  ConsoleStoreSettingsValueSchema,
  type Region,
  StoreInvoiceBodySchema,
  StorePickupBodySchema,
  StorePostageBodySchema,
  storeDetailsBodySchema,
} from '@shop/contract';
import type { Ctx } from '../../../lib/context.js';
import { type ApiRoute, defineRoute } from '../../../lib/route.js';
import type { StaffGuard } from '../staff/staff.guard.js';
import type { ConsoleSettingsService } from './settings.service.js';

const PRIVATE = 'no-store';
const TAG = 'console';
const BASE = '/c3api/console/stores/:storeId/settings';

/**
 * GET .../settings and one POST per section; each answers every section as it now is. Staff of the
 * store (or an admin) only, checked before the body is read (others: 403, or 404 for the store).
 */
export function settingsRoutes(
  settings: ConsoleSettingsService,
  region: Region,
  guard: Pick<StaffGuard, 'requireStaff'>,
): ApiRoute[] {
  const common = {
    tag: TAG,
    auth: 'required',
    guard: (ctx: Ctx, params: { storeId: number }) => guard.requireStaff(ctx, params.storeId),
    cacheControl: PRIVATE,
    value: ConsoleStoreSettingsValueSchema,
  } as const;
  return [
    defineRoute({
      ...common,
      method: 'GET',
      url: BASE,
      summary: "The store's settings: contact, address and hours, pickup, postage table and invoice identity",
      params: ConsoleStoreParamsSchema,
      handler: (ctx, { params }) => settings.settings(ctx, params.storeId),
    }),
    defineRoute({
      ...common,
      method: 'POST',
      url: `${BASE}/details`,
      summary: "Saves the store's phone, e-mail, street, town, postcode and opening hours (the store page shows them)",
      params: ConsoleStoreParamsSchema,
      body: storeDetailsBodySchema(region),
      handler: (ctx, { params, body }) => settings.saveDetails(ctx, params.storeId, body),
    }),
    defineRoute({
      ...common,
      method: 'POST',
      url: `${BASE}/pickup`,
      summary: 'Turns click and collect from the store on or off (checkout offers it, or not, at once)',
      params: ConsoleStoreParamsSchema,
      body: StorePickupBodySchema,
      handler: (ctx, { params, body }) => settings.savePickup(ctx, params.storeId, body),
    }),
    defineRoute({
      ...common,
      method: 'POST',
      url: `${BASE}/postage`,
      summary:
        "Saves Express on or off, the surcharge and its threshold, handling and the rate table's bands (a table other stores share is copied for this store); 409 without a table",
      params: ConsoleStoreParamsSchema,
      body: StorePostageBodySchema,
      handler: (ctx, { params, body }) => settings.savePostage(ctx, params.storeId, body),
    }),
    defineRoute({
      ...common,
      method: 'POST',
      url: `${BASE}/postage/start`,
      summary:
        "Gives a store without a postage table (a new one) its region's usual table, Express on, no surcharge or handling; 409 when it has one",
      params: ConsoleStoreParamsSchema,
      handler: (ctx, { params }) => settings.startPostage(ctx, params.storeId),
    }),
    defineRoute({
      ...common,
      method: 'POST',
      url: `${BASE}/invoice`,
      summary:
        "Saves what the store's tax invoices print: entity name, ABN (AU) or company and VAT numbers (UK), GST/VAT registration, licences",
      params: ConsoleStoreParamsSchema,
      body: StoreInvoiceBodySchema,
      handler: (ctx, { params, body }) => settings.saveInvoice(ctx, params.storeId, body),
    }),
  ];
}
