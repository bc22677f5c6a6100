import {
  ADMIN_ONLY_MESSAGE,
  type ConsoleAddItemBody,
  type ConsoleCategoriesValue,
  type ConsoleEditItemBody,
  type ConsoleImportValue,
  type ConsoleInviteBody,
  type ConsoleItem,
  type ConsoleItemListValue,
  type ConsoleItemsQuery,
  type ConsoleMeValue,
  type ConsoleStaffValue,
  INVITATION_INVALID_MESSAGE,
  INVITATION_OTHER_EMAIL_MESSAGE,
  INVITATION_TTL_MS,
  ITEM_IN_LIVE_ORDER_MESSAGE,
  ITEM_OFF_SALE_MESSAGE,
  NO_SUCH_ITEM_MESSAGE,
  NO_SUCH_STORE_MESSAGE,
  STAFF_ONLY_MESSAGE,
} from '@shop/contract';
import { ZodError } from 'zod';
import type { StoreRow } from '../../db/schema.js';
import { inTransaction } from '../../db/unit-of-work.js';
import type { Ctx } from '../../lib/context.js';
import { BadRequestError, HttpError, NotFoundError } from '../../lib/errors.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import { emailKey } from '../accounts/accounts.service.js';
import type { CatalogueService, PictureVariant, StoreChange } from '../catalogue/catalogue.service.js';
import type { ItemChanges } from '../catalogue/new-item.js';
import { PictureError, pictureVariants } from '../images/uploaded-picture.js';
import type { MailService } from '../mail/mail.service.js';
import type { FulfilmentService } from '../orders/fulfilment.service.js';
import type { OrdersService } from '../orders/orders.service.js';
import type { PaymentsService } from '../payments/payments.service.js';
import type { StoresService } from '../stores/stores.service.js';
import { consoleStatusOf, toConsoleCategories, toConsoleItem } from './console.mapper.js';
import { ConsoleRepository, type StaffRecord } from './console.repository.js';
import { ConsoleOrders } from './console-orders.js';
import { checkImport } from './csv-import.js';

export interface ConsoleDependencies {
  accounts: AccountsService;
  catalogue: CatalogueService;
  stores: StoresService;
  mail: Pick<MailService, 'queue'>;
  orders: OrdersService;
  fulfilment: FulfilmentService;
  payments: Pick<PaymentsService, 'attemptsFor' | 'events'>;
  now: () => number;
  /** The shop's address, for the invitation link. */
  publicUrl: string;
}

/** Who passed the guard: their account, role and (for store calls) the store. */
export interface StaffCaller {
  userId: number;
  staff: StaffRecord;
}

/**
 * The store console: staff roles and a store's stock. Every call passes one of two guards first
 * (requireStaff for a store, requireAdmin for the marketplace), which read the role from the
 * database on every call:
 * - a guest: 401 (the route helper, before the guard);
 * - a signed-in customer with no staff role: 403;
 * - store staff asking for a store they do not run, or a store of another region, or a store that
 *   does not exist: the same 404, so nobody learns which stores exist or whom they belong to;
 * - an item is looked up within the guarded store only, so another store's item is also that 404.
 * Every change to an item goes through CatalogueService (the catalogue's one write path: the
 * change feed, price-cut records and the search index follow it).
 */
export class ConsoleService {
  private readonly repository = new ConsoleRepository();
  /** A store's orders and their fulfilment, with the audit trail (console-orders.ts). */
  readonly fulfilment: ConsoleOrders;

  constructor(private readonly deps: ConsoleDependencies) {
    this.fulfilment = new ConsoleOrders(this, this.repository, deps);
  }

  // ---- the guards ----

  private async requireStaffMember(ctx: Ctx): Promise<StaffCaller> {
    if (ctx.viewer.kind !== 'customer') throw new HttpError(401, 'Please sign in to continue.');
    const staff = await this.repository.staffOf(ctx, ctx.viewer.userId);
    if (!staff) throw new HttpError(403, STAFF_ONLY_MESSAGE);
    return { userId: ctx.viewer.userId, staff };
  }

  /** The one check of every store call: staff of this store (or an admin), else 401/403/404. */
  async requireStaff(ctx: Ctx, storeId: number): Promise<StaffCaller & { store: StoreRow }> {
    const caller = await this.requireStaffMember(ctx);
    const runsIt = caller.staff.role === 'marketplace_admin' || caller.staff.storeIds.includes(storeId);
    const store = runsIt ? await this.deps.stores.storeById(ctx, storeId) : null;
    if (!store) throw new NotFoundError(NO_SUCH_STORE_MESSAGE);
    return { ...caller, store };
  }

  /** The one check of every marketplace call: an admin, else 401/403. */
  async requireAdmin(ctx: Ctx): Promise<StaffCaller> {
    const caller = await this.requireStaffMember(ctx);
    if (caller.staff.role !== 'marketplace_admin') throw new HttpError(403, ADMIN_ONLY_MESSAGE);
    return caller;
  }

  // ---- who is asking ----

  async me(ctx: Ctx): Promise<ConsoleMeValue> {
    const caller = await this.requireStaffMember(ctx);
    const user = await this.deps.accounts.identity(ctx);
    const stores =
      caller.staff.role === 'marketplace_admin'
        ? await this.deps.stores.listRows(ctx)
        : (await Promise.all(caller.staff.storeIds.map((id) => this.deps.stores.storeById(ctx, id)))).filter(
            (s): s is StoreRow => s !== null,
          );
    return {
      Email: user?.email ?? '',
      Role: caller.staff.role,
      Stores: stores.map((s) => ({ Id: s.id, Name: s.name, Region: s.region })),
    };
  }

  // ---- stock ----

  async listItems(ctx: Ctx, storeId: number, query: ConsoleItemsQuery): Promise<ConsoleItemListValue> {
    await this.requireStaff(ctx, storeId);
    let categoryPath: string | undefined;
    if (query.category) {
      categoryPath = await this.deps.catalogue.categoryPath(ctx, query.category);
      if (!categoryPath) return { Items: [], TotalCount: 0, Page: query.page, PageSize: query.pageSize };
    }
    const { rows, total } = await this.deps.catalogue.storeItems(ctx, storeId, {
      status: query.status,
      query: query.query,
      categoryPath,
      offset: (query.page - 1) * query.pageSize,
      limit: query.pageSize,
    });
    return {
      Items: rows.map((row) => toConsoleItem(row, ctx.region)),
      TotalCount: total,
      Page: query.page,
      PageSize: query.pageSize,
    };
  }

  /** The category tree for the item forms, depth-first (a parent, then its children in their order). */
  async categories(ctx: Ctx, storeId: number): Promise<ConsoleCategoriesValue> {
    await this.requireStaff(ctx, storeId);
    return { Categories: toConsoleCategories(await this.deps.catalogue.listCategories(ctx)) };
  }

  async item(ctx: Ctx, storeId: number, code: string): Promise<ConsoleItem> {
    await this.requireStaff(ctx, storeId);
    return toConsoleItem(await this.found(ctx, storeId, code), ctx.region);
  }

  /** Adds an item with its pictures (resized before the transaction: sharp's work holds no lock). */
  async addItem(ctx: Ctx, storeId: number, body: ConsoleAddItemBody): Promise<ConsoleItem> {
    const caller = await this.requireStaff(ctx, storeId);
    const pictures = await resizeAll(body.Pictures ?? []);
    const listed = await inTransaction(ctx, async (tx) => {
      const item = await asBadRequest(() =>
        this.deps.catalogue.listItem(tx, { storeId, ...itemFields(body) }, pictures),
      );
      await this.record(tx, caller, storeId, 'item.add', item.code, { pictures: pictures.length });
      return item;
    });
    return toConsoleItem(await this.found(ctx, storeId, listed.code), ctx.region);
  }

  async editItem(ctx: Ctx, storeId: number, code: string, body: ConsoleEditItemBody): Promise<ConsoleItem> {
    const caller = await this.requireStaff(ctx, storeId);
    const row = await this.found(ctx, storeId, code);
    const pictures = body.Pictures ? await resizeAll(body.Pictures) : undefined;
    return inTransaction(ctx, async (tx) => {
      const outcome = await asBadRequest(() =>
        this.deps.catalogue.editItem(tx, storeId, row.id, itemFields(body), pictures),
      );
      const item = await this.after(tx, storeId, code, outcome);
      await this.record(tx, caller, storeId, 'item.edit', row.code, { pictures: pictures?.length ?? null });
      return item;
    });
  }

  async changePrice(ctx: Ctx, storeId: number, code: string, priceMinor: number): Promise<ConsoleItem> {
    const caller = await this.requireStaff(ctx, storeId);
    const row = await this.found(ctx, storeId, code);
    return inTransaction(ctx, async (tx) => {
      const item = await this.after(
        tx,
        storeId,
        code,
        await this.deps.catalogue.changeStorePrice(tx, storeId, row.id, priceMinor),
      );
      if (row.price_minor !== priceMinor)
        await this.record(tx, caller, storeId, 'item.price', row.code, {
          fromMinor: row.price_minor,
          toMinor: priceMinor,
        });
      return item;
    });
  }

  async sellInStore(ctx: Ctx, storeId: number, code: string): Promise<ConsoleItem> {
    const caller = await this.requireStaff(ctx, storeId);
    const row = await this.found(ctx, storeId, code);
    // Selling what is already sold in store is the same request again: it answers as done.
    if (consoleStatusOf(row) === 'sold' && row.in_live_order === 0) return toConsoleItem(row, ctx.region);
    return inTransaction(ctx, async (tx) => {
      const item = await this.after(tx, storeId, code, await this.deps.catalogue.sellInStore(tx, storeId, row.id));
      await this.record(tx, caller, storeId, 'item.sell', row.code, {});
      return item;
    });
  }

  async withdraw(ctx: Ctx, storeId: number, code: string): Promise<ConsoleItem> {
    const caller = await this.requireStaff(ctx, storeId);
    const row = await this.found(ctx, storeId, code);
    if (consoleStatusOf(row) === 'withdrawn') return toConsoleItem(row, ctx.region);
    return inTransaction(ctx, async (tx) => {
      const item = await this.after(tx, storeId, code, await this.deps.catalogue.withdraw(tx, storeId, row.id));
      await this.record(tx, caller, storeId, 'item.withdraw', row.code, {});
      return item;
    });
  }

  /**
   * A CSV file of items: every row checked first (csv-import.ts); any error and nothing is listed
   * (the reply lists them all); otherwise every item is listed in one transaction, so a failure
   * part way (a category deleted meanwhile) rolls all of them back.
   */
  async importCsv(ctx: Ctx, storeId: number, csv: string): Promise<ConsoleImportValue> {
    const caller = await this.requireStaff(ctx, storeId);
    const categories = new Map((await this.deps.catalogue.listCategories(ctx)).map((c) => [c.slug, c.id]));
    const checked = checkImport(csv, storeId, categories);
    if (checked.errors.length > 0) return { Imported: 0, Codes: [], Errors: checked.errors };
    const codes = await inTransaction(ctx, async (tx) => {
      const listed: string[] = [];
      for (const item of checked.items) listed.push((await this.deps.catalogue.listItem(tx, item)).code);
      await this.record(tx, caller, storeId, 'item.import', null, { imported: listed.length, codes: listed });
      return listed;
    });
    return { Imported: codes.length, Codes: codes, Errors: [] };
  }

  /** One line of the store's audit trail, in the change's own transaction. */
  private record(
    tx: Ctx,
    caller: StaffCaller,
    storeId: number,
    action: string,
    itemCode: string | null,
    detail: Record<string, unknown>,
  ): Promise<void> {
    return this.repository.audit(tx, {
      store_id: storeId,
      user_id: caller.userId,
      action,
      order_reference: null,
      item_code: itemCode,
      detail: JSON.stringify(detail),
      created_at: this.deps.now(),
    });
  }

  private async found(ctx: Ctx, storeId: number, code: string) {
    const row = await this.deps.catalogue.storeItem(ctx, storeId, code);
    if (!row) throw new NotFoundError(NO_SUCH_ITEM_MESSAGE);
    return row;
  }

  /** The item after a change, or the refusal as its status: 404, or 409 with the reason. */
  private async after(ctx: Ctx, storeId: number, code: string, outcome: StoreChange): Promise<ConsoleItem> {
    if (outcome === 'not-found') throw new NotFoundError(NO_SUCH_ITEM_MESSAGE);
    if (outcome === 'in-live-order') throw new HttpError(409, ITEM_IN_LIVE_ORDER_MESSAGE);
    if (outcome === 'off-sale') throw new HttpError(409, ITEM_OFF_SALE_MESSAGE);
    return toConsoleItem(await this.found(ctx, storeId, code), ctx.region);
  }

  // ---- staff and invitations ----

  async staff(ctx: Ctx): Promise<ConsoleStaffValue> {
    await this.requireAdmin(ctx);
    const staff = await this.repository.listStaff(ctx);
    const invitations = await this.repository.listInvitations(ctx, 100);
    return {
      Staff: staff.map((m) => ({
        UserId: m.user_id,
        Email: m.email,
        Name: `${m.first_name} ${m.last_name}`.trim(),
        Role: m.role,
        StoreIds: m.storeIds,
      })),
      Invitations: invitations.map((i) => ({
        Id: i.id,
        Email: i.email,
        Role: i.role,
        StoreIds: JSON.parse(i.store_ids) as number[],
        ExpiresAt: new Date(i.expires_at).toISOString(),
        AcceptedAt: i.accepted_at === null ? null : new Date(i.accepted_at).toISOString(),
      })),
    };
  }

  /**
   * An admin invites an address: a single-use link (a CSPRNG token; only its hash is stored) good
   * for 7 days, e-mailed through the outbox in the same transaction as the invitation.
   */
  async invite(ctx: Ctx, body: ConsoleInviteBody): Promise<{ Id: number; ExpiresAt: string }> {
    const admin = await this.requireAdmin(ctx);
    const role = body.Role;
    const storeIds = role === 'marketplace_admin' ? [] : [...new Set(body.StoreIds ?? [])];
    const stores: StoreRow[] = [];
    for (const id of storeIds) {
      const store = await this.deps.stores.storeById(ctx, id);
      if (!store) throw new BadRequestError(`Invalid input. StoreIds: no store ${id} in this region`);
      stores.push(store);
    }
    const token = newToken();
    const now = this.deps.now();
    const expiresAt = now + INVITATION_TTL_MS;
    const link = `${this.deps.publicUrl.replace(/\/$/, '')}/store-console/invitation#token=${token}`;
    const what =
      role === 'marketplace_admin' ? 'a marketplace admin' : `store staff of ${stores.map((s) => s.name).join(', ')}`;
    const id = await inTransaction(ctx, async (tx) => {
      const inserted = await this.repository.insertInvitation(tx, {
        email: body.Email,
        email_key: emailKey(body.Email),
        role,
        store_ids: JSON.stringify(storeIds),
        token_hash: hashToken(token),
        invited_by: admin.userId,
        created_at: now,
        expires_at: expiresAt,
        accepted_at: null,
        accepted_by: null,
      });
      await this.deps.mail.queue(tx, {
        to: body.Email,
        subject: 'You are invited to the Secondhand store console',
        text: [
          `You have been invited to the Secondhand store console as ${what}.`,
          '',
          `Accept the invitation (sign in or create an account with this e-mail address): ${link}`,
          '',
          `The link works once, for 7 days (until ${new Date(expiresAt).toUTCString()}).`,
          'If you did not expect this, ignore this e-mail.',
        ].join('\n'),
      });
      return inserted;
    });
    return { Id: id, ExpiresAt: new Date(expiresAt).toISOString() };
  }

  /** The signed-in customer accepts an invitation sent to their own address: the role is theirs. */
  async accept(ctx: Ctx, token: string): Promise<ConsoleMeValue> {
    if (ctx.viewer.kind !== 'customer') throw new HttpError(401, 'Please sign in to continue.');
    const user = await this.deps.accounts.identity(ctx);
    if (!user) throw new HttpError(401, 'Please sign in to continue.');
    const invitation = await this.usable(ctx, token);
    if (invitation.email_key !== user.email_key) throw new HttpError(403, INVITATION_OTHER_EMAIL_MESSAGE);
    await inTransaction(ctx, async (tx) => {
      // Used once: of two acceptances of one link, the second finds it used and changes nothing.
      if (!(await this.repository.useInvitation(tx, invitation.id, user.id, this.deps.now())))
        throw new NotFoundError(INVITATION_INVALID_MESSAGE);
      await this.repository.grant(tx, user.id, invitation.role, JSON.parse(invitation.store_ids), this.deps.now());
    });
    return this.me(ctx);
  }

  /** A new account for the invited address (signed in at once), then the invitation accepted. */
  async register(
    ctx: Ctx,
    body: { Token: string; Password: string; FirstName: string; LastName: string },
  ): Promise<ConsoleMeValue> {
    const invitation = await this.usable(ctx, body.Token);
    const user = await this.deps.accounts.register(ctx, {
      Email: invitation.email,
      Password: body.Password,
      FirstName: body.FirstName,
      LastName: body.LastName,
    });
    // The new session's viewer: accept reads who is asking from the context.
    const signedIn: Ctx = {
      ...ctx,
      viewer: { kind: 'customer', userId: user.id, sessionId: 0, cartToken: null, wishlistToken: null },
    };
    return this.accept(signedIn, body.Token);
  }

  private async usable(ctx: Ctx, token: string) {
    const invitation = await this.repository.invitationByTokenHash(ctx, hashToken(token));
    if (!invitation || invitation.accepted_at !== null || invitation.expires_at <= this.deps.now())
      throw new NotFoundError(INVITATION_INVALID_MESSAGE);
    return invitation;
  }
}

/** The form's fields as the catalogue names them. */
function itemFields(body: ConsoleAddItemBody | ConsoleEditItemBody): ItemChanges {
  return {
    categoryId: body.CategoryId,
    title: body.Title,
    brand: body.Brand ?? '',
    condition: body.Condition,
    description: body.Description ?? '',
    priceMinor: body.PriceMinor,
    rrpMinor: body.RrpMinor ?? 0,
    promotion: body.Promotion ? { method: body.Promotion.Method, amount: body.Promotion.Amount } : null,
    weightGrams: body.WeightGrams,
    lengthCm: body.LengthCm,
    widthCm: body.WidthCm,
    heightCm: body.HeightCm,
    postable: body.Postable,
  };
}

async function resizeAll(pictures: string[]): Promise<PictureVariant[][]> {
  const resized: PictureVariant[][] = [];
  for (const [index, picture] of pictures.entries()) {
    try {
      resized.push(await pictureVariants(Buffer.from(picture, 'base64')));
    } catch (error) {
      if (error instanceof PictureError)
        throw new BadRequestError(`Invalid input. Pictures.${index}: ${error.message}`);
      throw error;
    }
  }
  return resized;
}

/** The catalogue's own checks (a promotion the prices do not bear out, an unknown category) as 400s. */
async function asBadRequest<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ZodError) {
      const issue = error.issues[0];
      const field = (issue?.path ?? []).map((p) => String(p).replace(/^./, (c) => c.toUpperCase())).join('.');
      throw new BadRequestError(`Invalid input. ${field || 'request'}: ${issue?.message ?? 'is not valid'}`);
    }
    if (error instanceof RangeError && /^No category/.test(error.message))
      throw new BadRequestError('Invalid input. CategoryId: no such category');
    throw error;
  }
}
