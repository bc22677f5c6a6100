import {
  type ConsoleAddItemBody,
  type ConsoleCategoriesValue,
  type ConsoleEditItemBody,
  type ConsoleImportValue,
  type ConsoleItem,
  type ConsoleItemListValue,
  type ConsoleItemsQuery,
  ITEM_IN_LIVE_ORDER_MESSAGE,
  ITEM_OFF_SALE_MESSAGE,
  NO_SUCH_ITEM_MESSAGE,
} from '@shop/contract';
import { ZodError } from 'zod';
import { inTransaction } from '../../../db/unit-of-work.js';
import type { Ctx } from '../../../lib/context.js';
import { HttpError, invalidInput, NotFoundError } from '../../../lib/errors.js';
import type { CatalogueService, PictureVariant, StoreChange } from '../../catalogue/catalogue.service.js';
import type { ItemChanges } from '../../catalogue/new-item.js';
import { PictureError, pictureVariants } from '../../images/uploaded-picture.js';
import type { ConsoleAuditService } from '../audit/audit.service.js';
import type { StaffCaller, StaffGuard } from '../staff/staff.guard.js';
import { checkImport } from './csv-import.js';
import { toConsoleCategories, toConsoleItem } from './stock.mapper.js';

export interface ConsoleStockDependencies {
  guard: Pick<StaffGuard, 'requireStaff'>;
  audit: Pick<ConsoleAuditService, 'record'>;
  catalogue: Pick<
    CatalogueService,
    | 'categoryPath'
    | 'storeItems'
    | 'storeItem'
    | 'listCategories'
    | 'listItem'
    | 'editItem'
    | 'changeStorePrice'
    | 'sellInStore'
    | 'withdraw'
  >;
}

/**
 * A store's stock in the console. Every call passes requireStaff first; an item is looked up
 * within the guarded store only, so another store's item is the same 404 as a missing one.
 * Every change to an item goes through CatalogueService (the catalogue's one write path: the
 * change feed, price-cut records and the search index follow it), with its audit line in the
 * change's own transaction.
 */
export class ConsoleStockService {
  constructor(private readonly deps: ConsoleStockDependencies) {}

  async listItems(ctx: Ctx, storeId: number, query: ConsoleItemsQuery): Promise<ConsoleItemListValue> {
    await this.deps.guard.requireStaff(ctx, storeId);
    let categoryPath: string | undefined;
    if (query.category) {
      categoryPath = await this.deps.catalogue.categoryPath(ctx, query.category);
      if (!categoryPath) return { Items: [], TotalCount: 0, Page: query.page, PageSize: query.pageSize };
    }
    const { items, total } = await this.deps.catalogue.storeItems(ctx, storeId, {
      status: query.status,
      query: query.query,
      categoryPath,
      offset: (query.page - 1) * query.pageSize,
      limit: query.pageSize,
    });
    return {
      Items: items.map((item) => toConsoleItem(item, ctx.region)),
      TotalCount: total,
      Page: query.page,
      PageSize: query.pageSize,
    };
  }

  /** The category tree for the item forms, depth-first (a parent, then its children in their order). */
  async categories(ctx: Ctx, storeId: number): Promise<ConsoleCategoriesValue> {
    await this.deps.guard.requireStaff(ctx, storeId);
    return { Categories: toConsoleCategories(await this.deps.catalogue.listCategories(ctx)) };
  }

  async item(ctx: Ctx, storeId: number, code: string): Promise<ConsoleItem> {
    await this.deps.guard.requireStaff(ctx, storeId);
    return toConsoleItem(await this.found(ctx, storeId, code), ctx.region);
  }

  /** Adds an item with its pictures (resized before the transaction: sharp's work holds no lock). */
  async addItem(ctx: Ctx, storeId: number, body: ConsoleAddItemBody): Promise<ConsoleItem> {
    const caller = await this.deps.guard.requireStaff(ctx, storeId);
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
    const caller = await this.deps.guard.requireStaff(ctx, storeId);
    const current = await this.found(ctx, storeId, code);
    const pictures = body.Pictures ? await resizeAll(body.Pictures) : undefined;
    return inTransaction(ctx, async (tx) => {
      const outcome = await asBadRequest(() =>
        this.deps.catalogue.editItem(tx, storeId, current.id, itemFields(body), pictures),
      );
      const item = await this.after(tx, storeId, code, outcome);
      await this.record(tx, caller, storeId, 'item.edit', current.code, { pictures: pictures?.length ?? null });
      return item;
    });
  }

  async changePrice(ctx: Ctx, storeId: number, code: string, priceMinor: number): Promise<ConsoleItem> {
    const caller = await this.deps.guard.requireStaff(ctx, storeId);
    const current = await this.found(ctx, storeId, code);
    return inTransaction(ctx, async (tx) => {
      const item = await this.after(
        tx,
        storeId,
        code,
        await this.deps.catalogue.changeStorePrice(tx, storeId, current.id, priceMinor),
      );
      if (current.priceMinor !== priceMinor)
        await this.record(tx, caller, storeId, 'item.price', current.code, {
          fromMinor: current.priceMinor,
          toMinor: priceMinor,
        });
      return item;
    });
  }

  async sellInStore(ctx: Ctx, storeId: number, code: string): Promise<ConsoleItem> {
    const caller = await this.deps.guard.requireStaff(ctx, storeId);
    const current = await this.found(ctx, storeId, code);
    // Selling what is already sold in store is the same request again: it answers as done.
    if (current.status === 'sold' && !current.inLiveOrder) return toConsoleItem(current, ctx.region);
    return inTransaction(ctx, async (tx) => {
      const item = await this.after(tx, storeId, code, await this.deps.catalogue.sellInStore(tx, storeId, current.id));
      await this.record(tx, caller, storeId, 'item.sell', current.code, {});
      return item;
    });
  }

  async withdraw(ctx: Ctx, storeId: number, code: string): Promise<ConsoleItem> {
    const caller = await this.deps.guard.requireStaff(ctx, storeId);
    const current = await this.found(ctx, storeId, code);
    if (current.status === 'withdrawn') return toConsoleItem(current, ctx.region);
    return inTransaction(ctx, async (tx) => {
      const item = await this.after(tx, storeId, code, await this.deps.catalogue.withdraw(tx, storeId, current.id));
      await this.record(tx, caller, storeId, 'item.withdraw', current.code, {});
      return item;
    });
  }

  /**
   * A CSV file of items: every row checked first (csv-import.ts); any error and nothing is listed
   * (the reply lists them all); otherwise every item is listed in one transaction, so a failure
   * part way (a category deleted meanwhile) rolls all of them back.
   */
  async importCsv(ctx: Ctx, storeId: number, csv: string): Promise<ConsoleImportValue> {
    const caller = await this.deps.guard.requireStaff(ctx, storeId);
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
    return this.deps.audit.record(tx, { storeId, userId: caller.userId, action, itemCode, detail });
  }

  private async found(ctx: Ctx, storeId: number, code: string) {
    const current = await this.deps.catalogue.storeItem(ctx, storeId, code);
    if (!current) throw new NotFoundError(NO_SUCH_ITEM_MESSAGE);
    return current;
  }

  /** The item after a change, or the refusal as its status: 404, or 409 with the reason. */
  private async after(ctx: Ctx, storeId: number, code: string, outcome: StoreChange): Promise<ConsoleItem> {
    if (outcome === 'not-found') throw new NotFoundError(NO_SUCH_ITEM_MESSAGE);
    if (outcome === 'in-live-order') throw new HttpError(409, ITEM_IN_LIVE_ORDER_MESSAGE);
    if (outcome === 'off-sale') throw new HttpError(409, ITEM_OFF_SALE_MESSAGE);
    return toConsoleItem(await this.found(ctx, storeId, code), ctx.region);
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
    colour: body.Colour ?? null,
    storage: body.Storage ?? null,
    weightGrams: body.WeightGrams ?? null,
    lengthCm: body.LengthCm ?? null,
    widthCm: body.WidthCm ?? null,
    heightCm: body.HeightCm ?? null,
    postable: body.Postable,
  };
}

async function resizeAll(pictures: string[]): Promise<PictureVariant[][]> {
  const resized: PictureVariant[][] = [];
  for (const [index, picture] of pictures.entries()) {
    try {
      resized.push(await pictureVariants(Buffer.from(picture, 'base64')));
    } catch (error) {
      if (error instanceof PictureError) throw invalidInput(`Pictures.${index}`, error.message);
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
      throw invalidInput(field || 'request', issue?.message ?? 'is not valid');
    }
    if (error instanceof RangeError && /^No category/.test(error.message))
      throw invalidInput('CategoryId', 'no such category');
    throw error;
  }
}
