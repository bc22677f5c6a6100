import {
  ConsoleAcceptBodySchema,
  ConsoleAddItemBodySchema,
  ConsoleEditItemBodySchema,
  ConsoleImportBodySchema,
  ConsoleImportValueSchema,
  ConsoleInviteBodySchema,
  ConsoleItemListValueSchema,
  ConsoleItemParamsSchema,
  ConsoleItemSchema,
  ConsoleItemsQuerySchema,
  ConsoleMeValueSchema,
  ConsolePriceBodySchema,
  ConsoleRegisterBodySchema,
  ConsoleStaffValueSchema,
  ConsoleStoreParamsSchema,
  IMPORT_FAILED_MESSAGE,
} from '@shop/contract';
import { z } from 'zod';
import { type ApiRoute, defineRoute, refuse } from '../../lib/route.js';
import type { ConsoleService } from './console.service.js';

const PRIVATE = 'no-store';
const TAG = 'console';
/** Pictures travel as base64 in the add and edit bodies: room for six of 5 MB each. */
const PICTURE_BODY_LIMIT = 42 * 1024 * 1024;
const IMPORT_BODY_LIMIT = 3 * 1024 * 1024;

/**
 * The store console's API. Signed-in only (guests get 401 here); every handler's service call
 * starts with the console's guard (ConsoleService.requireStaff / requireAdmin).
 */
export function consoleRoutes(staffConsole: ConsoleService): ApiRoute[] {
  const item = '/c3api/console/stores/:storeId/items/:code';
  return [
    defineRoute({
      method: 'GET',
      url: '/c3api/console/me',
      summary: "The staff member's role and the stores of this region they run (403 for customers)",
      tag: TAG,
      auth: 'required',
      value: ConsoleMeValueSchema,
      cacheControl: PRIVATE,
      handler: (ctx) => staffConsole.me(ctx),
    }),
    defineRoute({
      method: 'GET',
      url: '/c3api/console/stores/:storeId/items',
      summary:
        "A page of the store's items, newest first, with the total: by status, words in the title, brand or code, and category slug",
      tag: TAG,
      auth: 'required',
      params: ConsoleStoreParamsSchema,
      query: ConsoleItemsQuerySchema,
      value: ConsoleItemListValueSchema,
      cacheControl: PRIVATE,
      handler: (ctx, { params, query }) => staffConsole.listItems(ctx, params.storeId, query),
    }),
    defineRoute({
      method: 'POST',
      url: '/c3api/console/stores/:storeId/items',
      summary: 'Adds an item to the store, with pictures (base64 JPEG, PNG or WebP) resized to every served size',
      tag: TAG,
      auth: 'required',
      params: ConsoleStoreParamsSchema,
      body: ConsoleAddItemBodySchema,
      bodyLimit: PICTURE_BODY_LIMIT,
      value: ConsoleItemSchema,
      cacheControl: PRIVATE,
      handler: (ctx, { params, body }) => staffConsole.addItem(ctx, params.storeId, body),
    }),
    defineRoute({
      method: 'GET',
      url: item,
      summary: "One of the store's items, for the edit form",
      tag: TAG,
      auth: 'required',
      params: ConsoleItemParamsSchema,
      value: ConsoleItemSchema,
      cacheControl: PRIVATE,
      handler: (ctx, { params }) => staffConsole.item(ctx, params.storeId, params.code),
    }),
    defineRoute({
      method: 'POST',
      url: `${item}/edit`,
      summary:
        'Edits an item (its pictures replaced when Pictures is given); 409 while a live order holds it or once it is off sale',
      tag: TAG,
      auth: 'required',
      params: ConsoleItemParamsSchema,
      body: ConsoleEditItemBodySchema,
      bodyLimit: PICTURE_BODY_LIMIT,
      value: ConsoleItemSchema,
      cacheControl: PRIVATE,
      handler: (ctx, { params, body }) => staffConsole.editItem(ctx, params.storeId, params.code, body),
    }),
    defineRoute({
      method: 'POST',
      url: `${item}/price`,
      summary:
        "Changes an item's price (a cut is recorded for alerts; carts see the change); 409 while a live order holds it",
      tag: TAG,
      auth: 'required',
      params: ConsoleItemParamsSchema,
      body: ConsolePriceBodySchema,
      value: ConsoleItemSchema,
      cacheControl: PRIVATE,
      handler: (ctx, { params, body }) => staffConsole.changePrice(ctx, params.storeId, params.code, body.PriceMinor),
    }),
    defineRoute({
      method: 'POST',
      url: `${item}/sell`,
      summary:
        'Marks an item sold in store (one conditional write: a checkout reserving it at once loses, or wins and this is 409)',
      tag: TAG,
      auth: 'required',
      params: ConsoleItemParamsSchema,
      body: z.object({}).optional(),
      value: ConsoleItemSchema,
      cacheControl: PRIVATE,
      handler: (ctx, { params }) => staffConsole.sellInStore(ctx, params.storeId, params.code),
    }),
    defineRoute({
      method: 'POST',
      url: `${item}/withdraw`,
      summary: 'Takes an item off sale; 409 while a live order holds it',
      tag: TAG,
      auth: 'required',
      params: ConsoleItemParamsSchema,
      body: z.object({}).optional(),
      value: ConsoleItemSchema,
      cacheControl: PRIVATE,
      handler: (ctx, { params }) => staffConsole.withdraw(ctx, params.storeId, params.code),
    }),
    defineRoute({
      method: 'POST',
      url: '/c3api/console/stores/:storeId/import',
      summary:
        'Imports items from CSV text: every row checked first; with any error nothing is imported and every error is listed (WasSuccessful false)',
      tag: TAG,
      auth: 'required',
      params: ConsoleStoreParamsSchema,
      body: ConsoleImportBodySchema,
      bodyLimit: IMPORT_BODY_LIMIT,
      value: ConsoleImportValueSchema,
      cacheControl: PRIVATE,
      handler: async (ctx, { params, body }) => {
        const result = await staffConsole.importCsv(ctx, params.storeId, body.Csv);
        return result.Errors.length > 0 ? refuse(IMPORT_FAILED_MESSAGE, result) : result;
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/c3api/console/staff',
      summary: 'Staff members and recent invitations (marketplace admins)',
      tag: TAG,
      auth: 'required',
      value: ConsoleStaffValueSchema,
      cacheControl: PRIVATE,
      handler: (ctx) => staffConsole.staff(ctx),
    }),
    defineRoute({
      method: 'POST',
      url: '/c3api/console/invitations',
      summary:
        'Invites an e-mail address to a role and stores: a single-use link, valid 7 days, e-mailed (marketplace admins)',
      tag: TAG,
      auth: 'required',
      body: ConsoleInviteBodySchema,
      value: z.object({ Id: z.number().int(), ExpiresAt: z.string() }),
      cacheControl: PRIVATE,
      handler: (ctx, { body }) => staffConsole.invite(ctx, body),
    }),
    defineRoute({
      method: 'POST',
      url: '/c3api/console/invitations/accept',
      summary: "Accepts an invitation while signed in with the invited address: the role is the account's",
      tag: TAG,
      auth: 'required',
      body: ConsoleAcceptBodySchema,
      value: ConsoleMeValueSchema,
      cacheControl: PRIVATE,
      handler: (ctx, { body }) => staffConsole.accept(ctx, body.Token),
    }),
    defineRoute({
      method: 'POST',
      url: '/c3api/console/invitations/register',
      summary: 'Creates an account for the invited address (signed in) and accepts the invitation',
      tag: TAG,
      auth: 'optional',
      body: ConsoleRegisterBodySchema,
      rateLimit: { max: 10, windowMs: 15 * 60 * 1000 },
      value: ConsoleMeValueSchema,
      cacheControl: PRIVATE,
      handler: (ctx, { body }) => staffConsole.register(ctx, body),
    }),
  ];
}
