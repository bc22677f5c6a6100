import {
  ConsoleAddItemBodySchema,
  ConsoleCategoriesValueSchema,
  ConsoleEditItemBodySchema,
  ConsoleImportBodySchema,
  ConsoleImportValueSchema,
  ConsoleItemListValueSchema,
  ConsoleItemParamsSchema,
  ConsoleItemSchema,
  ConsoleItemsQuerySchema,
  ConsolePriceBodySchema,
  ConsoleStoreParamsSchema,
  IMPORT_FAILED_MESSAGE,
} from '@shop/contract';
import { z } from 'zod';
import type { Ctx } from '../../../lib/context.js';
import { type ApiRoute, defineRoute, refuse } from '../../../lib/route.js';
import type { StaffGuard } from '../staff/staff.guard.js';
import type { ConsoleStockService } from './stock.service.js';

const PRIVATE = 'no-store';
const TAG = 'console';
/** Pictures travel as base64 in the add and edit bodies: room for six of 5 MB each. */
const PICTURE_BODY_LIMIT = 42 * 1024 * 1024;
const IMPORT_BODY_LIMIT = 3 * 1024 * 1024;

/**
 * A store's stock: its items, the category list for the forms, the item changes and the CSV
 * import. Staff of the store (or an admin) only, checked before the body is read, so a caller
 * without the role learns nothing of the form; every service call checks it again.
 */
export function stockRoutes(stock: ConsoleStockService, guard: Pick<StaffGuard, 'requireStaff'>): ApiRoute[] {
  const item = '/c3api/console/stores/:storeId/items/:code';
  const staffOfStore = (ctx: Ctx, params: { storeId: number }) => guard.requireStaff(ctx, params.storeId);
  return [
    defineRoute({
      method: 'GET',
      url: '/c3api/console/stores/:storeId/items',
      summary:
        "A page of the store's items, newest first, with the total: by status, words in the title, brand or code, and category slug",
      tag: TAG,
      auth: 'required',
      guard: staffOfStore,
      params: ConsoleStoreParamsSchema,
      query: ConsoleItemsQuerySchema,
      value: ConsoleItemListValueSchema,
      cacheControl: PRIVATE,
      handler: (ctx, { params, query }) => stock.listItems(ctx, params.storeId, query),
    }),
    defineRoute({
      method: 'GET',
      url: '/c3api/console/stores/:storeId/categories',
      summary: "Every category an item can be listed in (ids for the add and edit forms), in the tree's order",
      tag: TAG,
      auth: 'required',
      guard: staffOfStore,
      params: ConsoleStoreParamsSchema,
      value: ConsoleCategoriesValueSchema,
      cacheControl: PRIVATE,
      handler: (ctx, { params }) => stock.categories(ctx, params.storeId),
    }),
    defineRoute({
      method: 'POST',
      url: '/c3api/console/stores/:storeId/items',
      summary: 'Adds an item to the store, with pictures (base64 JPEG, PNG or WebP) resized to every served size',
      tag: TAG,
      auth: 'required',
      guard: staffOfStore,
      params: ConsoleStoreParamsSchema,
      body: ConsoleAddItemBodySchema,
      bodyLimit: PICTURE_BODY_LIMIT,
      value: ConsoleItemSchema,
      cacheControl: PRIVATE,
      handler: (ctx, { params, body }) => stock.addItem(ctx, params.storeId, body),
    }),
    defineRoute({
      method: 'GET',
      url: item,
      summary: "One of the store's items, for the edit form",
      tag: TAG,
      auth: 'required',
      guard: staffOfStore,
      params: ConsoleItemParamsSchema,
      value: ConsoleItemSchema,
      cacheControl: PRIVATE,
      handler: (ctx, { params }) => stock.item(ctx, params.storeId, params.code),
    }),
    defineRoute({
      method: 'POST',
      url: `${item}/edit`,
      summary:
        'Edits an item (its pictures replaced when Pictures is given); 409 while a live order holds it or once it is off sale',
      tag: TAG,
      auth: 'required',
      guard: staffOfStore,
      params: ConsoleItemParamsSchema,
      body: ConsoleEditItemBodySchema,
      bodyLimit: PICTURE_BODY_LIMIT,
      value: ConsoleItemSchema,
      cacheControl: PRIVATE,
      handler: (ctx, { params, body }) => stock.editItem(ctx, params.storeId, params.code, body),
    }),
    defineRoute({
      method: 'POST',
      url: `${item}/price`,
      summary:
        "Changes an item's price (a cut is recorded for alerts; carts see the change); 409 while a live order holds it",
      tag: TAG,
      auth: 'required',
      guard: staffOfStore,
      params: ConsoleItemParamsSchema,
      body: ConsolePriceBodySchema,
      value: ConsoleItemSchema,
      cacheControl: PRIVATE,
      handler: (ctx, { params, body }) => stock.changePrice(ctx, params.storeId, params.code, body.PriceMinor),
    }),
    defineRoute({
      method: 'POST',
      url: `${item}/sell`,
      summary:
        'Marks an item sold in store (one conditional write: a checkout reserving it at once loses, or wins and this is 409)',
      tag: TAG,
      auth: 'required',
      guard: staffOfStore,
      params: ConsoleItemParamsSchema,
      body: z.object({}).optional(),
      value: ConsoleItemSchema,
      cacheControl: PRIVATE,
      handler: (ctx, { params }) => stock.sellInStore(ctx, params.storeId, params.code),
    }),
    defineRoute({
      method: 'POST',
      url: `${item}/withdraw`,
      summary: 'Takes an item off sale; 409 while a live order holds it',
      tag: TAG,
      auth: 'required',
      guard: staffOfStore,
      params: ConsoleItemParamsSchema,
      body: z.object({}).optional(),
      value: ConsoleItemSchema,
      cacheControl: PRIVATE,
      handler: (ctx, { params }) => stock.withdraw(ctx, params.storeId, params.code),
    }),
    defineRoute({
      method: 'POST',
      url: '/c3api/console/stores/:storeId/import',
      summary:
        'Imports items from CSV text: every row checked first; with any error nothing is imported and every error is listed (WasSuccessful false)',
      tag: TAG,
      auth: 'required',
      guard: staffOfStore,
      params: ConsoleStoreParamsSchema,
      body: ConsoleImportBodySchema,
      bodyLimit: IMPORT_BODY_LIMIT,
      value: ConsoleImportValueSchema,
      cacheControl: PRIVATE,
      handler: async (ctx, { params, body }) => {
        const result = await stock.importCsv(ctx, params.storeId, body.Csv);
        return result.Errors.length > 0 ? refuse(IMPORT_FAILED_MESSAGE, result) : result;
      },
    }),
  ];
}
