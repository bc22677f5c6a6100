import {
  type AdminBanner,
  type AdminBannerBody,
  type AdminBannerListValue,
  type AdminDiscount,
  type AdminDiscountCreateBody,
  type AdminDiscountEditBody,
  type AdminDiscountListValue,
  type AdminFlagsBody,
  type AdminFlagsValue,
  type AdminStore,
  type AdminStoreBody,
  type AdminStoreListValue,
  DISCOUNT_CODE_TAKEN_MESSAGE,
  STORE_SLUG_TAKEN_MESSAGE,
} from '@shop/contract';
import { inTransaction } from '../../../db/unit-of-work.js';
import type { Ctx } from '../../../lib/context.js';
import { invalidInput, NotFoundError } from '../../../lib/errors.js';
import type { BannerSlide, BannersService } from '../../banners/banners.service.js';
import type { CatalogueService } from '../../catalogue/catalogue.service.js';
import type { DiscountRules, PromotionsService } from '../../promotions/promotions.service.js';
import type { SiteService } from '../../site/site.service.js';
import type { StoresService } from '../../stores/stores.service.js';
import type { ConsoleAuditService } from '../audit/audit.service.js';
import type { StaffCaller, StaffGuard } from '../staff/staff.guard.js';
import { toAdminBanner, toAdminDiscount, toAdminFlags, toAdminStore } from './admin.mapper.js';

export interface ConsoleAdminDependencies {
  guard: Pick<StaffGuard, 'requireAdmin'>;
  audit: Pick<ConsoleAuditService, 'record'>;
  stores: StoresService;
  catalogue: Pick<CatalogueService, 'storesChanged'>;
  banners: BannersService;
  promotions: PromotionsService;
  site: SiteService;
  now: () => number;
}

/** The home page's carousel: the one placement the admin edits so far. */
const PLACEMENT = 'home';

/**
 * The marketplace admin: stores, the home carousel's banners, discount codes and feature flags
 * (the Staff tab's changes are the staff service's).
 * Every call passes `requireAdmin` first (a guest 401, a customer or store staff 403); a banner or
 * code of another region, or none, is 404. Each change runs in one transaction with its line in
 * console_audit (store_id the store's for store changes, null for the marketplace's), so there is
 * an audit line exactly when something changed. Bad input is refused by the contract's schemas
 * before this runs; what only the database knows (a slug or code already taken) is a 400 here.
 */
export class ConsoleAdminService {
  constructor(private readonly deps: ConsoleAdminDependencies) {}

  // ---- stores ----

  async stores(ctx: Ctx): Promise<AdminStoreListValue> {
    await this.deps.guard.requireAdmin(ctx);
    return { Stores: (await this.deps.stores.listAll(ctx)).map(toAdminStore) };
  }

  /**
   * A new store. The search index is told to rebuild in the same transaction: it keeps the stores
   * it knew when built, and would otherwise leave out the items this store lists.
   */
  async createStore(ctx: Ctx, body: AdminStoreBody): Promise<AdminStore> {
    const admin = await this.deps.guard.requireAdmin(ctx);
    return inTransaction(ctx, async (tx) => {
      await this.slugFree(tx, body.Slug, null);
      const row = await uniqueOr(
        () => this.deps.stores.createStore(tx, storeDetails(body)),
        'Slug',
        STORE_SLUG_TAKEN_MESSAGE,
      );
      await this.deps.catalogue.storesChanged(tx);
      await this.record(tx, admin, row.id, 'store.create', { slug: row.slug, name: row.name, region: row.region });
      return toAdminStore(row);
    });
  }

  async editStore(ctx: Ctx, id: number, body: AdminStoreBody): Promise<AdminStore> {
    const admin = await this.deps.guard.requireAdmin(ctx);
    return inTransaction(ctx, async (tx) => {
      const before = await this.deps.stores.anyStoreById(tx, id);
      if (!before) throw new NotFoundError('No such store');
      await this.slugFree(tx, body.Slug, id);
      const row = await uniqueOr(
        () => this.deps.stores.updateStore(tx, id, storeDetails(body)),
        'Slug',
        STORE_SLUG_TAKEN_MESSAGE,
      );
      if (!row) throw new NotFoundError('No such store');
      const changed = changedFields(toAdminStore(before), toAdminStore(row));
      if (changed.length > 0) {
        // Its name, place and slug are on every card and in the location facet.
        await this.deps.catalogue.storesChanged(tx);
        await this.record(tx, admin, id, 'store.edit', { changed });
      }
      return toAdminStore(row);
    });
  }

  private async slugFree(ctx: Ctx, slug: string, ownId: number | null): Promise<void> {
    const holder = await this.deps.stores.storeBySlug(ctx, slug);
    if (holder && holder.id !== ownId) throw invalidInput('Slug', STORE_SLUG_TAKEN_MESSAGE);
  }

  // ---- banners (the region's home carousel) ----

  async banners(ctx: Ctx): Promise<AdminBannerListValue> {
    await this.deps.guard.requireAdmin(ctx);
    return { Banners: (await this.deps.banners.listAll(ctx, PLACEMENT)).map(toAdminBanner) };
  }

  async createBanner(ctx: Ctx, body: AdminBannerBody): Promise<AdminBanner> {
    const admin = await this.deps.guard.requireAdmin(ctx);
    return inTransaction(ctx, async (tx) => {
      const row = await this.deps.banners.create(tx, PLACEMENT, slide(body));
      await this.record(tx, admin, null, 'banner.create', { id: row.id, title: row.title });
      return toAdminBanner(row);
    });
  }

  async editBanner(ctx: Ctx, id: number, body: AdminBannerBody): Promise<AdminBanner> {
    const admin = await this.deps.guard.requireAdmin(ctx);
    return inTransaction(ctx, async (tx) => {
      const before = await this.deps.banners.find(tx, id);
      if (!before) throw new NotFoundError('No such banner');
      const row = await this.deps.banners.update(tx, id, slide(body));
      if (!row) throw new NotFoundError('No such banner');
      const changed = changedFields(toAdminBanner(before), toAdminBanner(row));
      if (changed.length > 0) await this.record(tx, admin, null, 'banner.edit', { id, changed });
      return toAdminBanner(row);
    });
  }

  async removeBanner(ctx: Ctx, id: number): Promise<{ Id: number }> {
    const admin = await this.deps.guard.requireAdmin(ctx);
    return inTransaction(ctx, async (tx) => {
      const before = await this.deps.banners.find(tx, id);
      if (!before || !(await this.deps.banners.remove(tx, id))) throw new NotFoundError('No such banner');
      await this.record(tx, admin, null, 'banner.remove', { id, title: before.title });
      return { Id: id };
    });
  }

  // ---- discount codes (the region's) ----

  async discounts(ctx: Ctx): Promise<AdminDiscountListValue> {
    await this.deps.guard.requireAdmin(ctx);
    return { Codes: (await this.deps.promotions.listCodes(ctx)).map((row) => toAdminDiscount(row, ctx.region)) };
  }

  async createDiscount(ctx: Ctx, body: AdminDiscountCreateBody): Promise<AdminDiscount> {
    const admin = await this.deps.guard.requireAdmin(ctx);
    return inTransaction(ctx, async (tx) => {
      if (await this.deps.promotions.codeByName(tx, body.Code)) throw invalidInput('Code', DISCOUNT_CODE_TAKEN_MESSAGE);
      const row = await uniqueOr(
        () => this.deps.promotions.createCode(tx, body.Code, rules(body)),
        'Code',
        DISCOUNT_CODE_TAKEN_MESSAGE,
      );
      await this.record(tx, admin, null, 'discount.create', { id: row.id, code: row.code });
      return toAdminDiscount(row, ctx.region);
    });
  }

  async editDiscount(ctx: Ctx, id: number, body: AdminDiscountEditBody): Promise<AdminDiscount> {
    const admin = await this.deps.guard.requireAdmin(ctx);
    return inTransaction(ctx, async (tx) => {
      const before = await this.deps.promotions.codeById(tx, id);
      if (!before) throw new NotFoundError('No such discount code');
      const row = await this.deps.promotions.updateCode(tx, id, rules(body));
      if (!row) throw new NotFoundError('No such discount code');
      const changed = changedFields(toAdminDiscount(before, ctx.region), toAdminDiscount(row, ctx.region));
      if (changed.length > 0) await this.record(tx, admin, null, 'discount.edit', { id, code: row.code, changed });
      return toAdminDiscount(row, ctx.region);
    });
  }

  /** Turns a code off; a code already off answers the same and records nothing. */
  async deactivateDiscount(ctx: Ctx, id: number): Promise<AdminDiscount> {
    const admin = await this.deps.guard.requireAdmin(ctx);
    return inTransaction(ctx, async (tx) => {
      const before = await this.deps.promotions.codeById(tx, id);
      if (!before) throw new NotFoundError('No such discount code');
      if (!before.active) return toAdminDiscount(before, ctx.region);
      const row = await this.deps.promotions.deactivateCode(tx, id);
      if (!row) throw new NotFoundError('No such discount code');
      await this.record(tx, admin, null, 'discount.deactivate', { id, code: row.code });
      return toAdminDiscount(row, ctx.region);
    });
  }

  // ---- feature flags (the region's) ----

  async flags(ctx: Ctx): Promise<AdminFlagsValue> {
    await this.deps.guard.requireAdmin(ctx);
    return toAdminFlags(await this.deps.site.flags(ctx));
  }

  /** Sets the admin's switches named; a switch already so is left alone and not audited. */
  async setFlags(ctx: Ctx, body: AdminFlagsBody): Promise<AdminFlagsValue> {
    const admin = await this.deps.guard.requireAdmin(ctx);
    await inTransaction(ctx, async (tx) => {
      const current = new Map((await this.deps.site.flags(tx)).map((f) => [f.name, f.enabled]));
      const wanted = new Map(body.Flags.map((f) => [f.Name, f.Enabled]));
      const changes: Record<string, boolean> = {};
      for (const [name, enabled] of wanted) {
        if (current.get(name) === enabled) continue;
        await this.deps.site.setFlag(tx, name, enabled, admin.userId, this.deps.now());
        changes[name] = enabled;
      }
      if (Object.keys(changes).length > 0) await this.record(tx, admin, null, 'flags.set', changes);
    });
    return toAdminFlags(await this.deps.site.flags(ctx));
  }

  /** One audit line, in the change's own transaction. */
  private record(
    tx: Ctx,
    admin: StaffCaller,
    storeId: number | null,
    action: string,
    detail: Record<string, unknown>,
  ): Promise<void> {
    return this.deps.audit.record(tx, { storeId, userId: admin.userId, action, detail });
  }
}

function storeDetails(body: AdminStoreBody) {
  return {
    name: body.Name,
    slug: body.Slug,
    region: body.Region,
    street: body.Address,
    suburb: body.Suburb,
    state: body.State,
    postcode: body.Postcode,
    phone: body.Phone,
    email: body.Email,
    latitude: body.Latitude,
    longitude: body.Longitude,
  };
}

function slide(body: AdminBannerBody): BannerSlide {
  return {
    title: body.Title,
    titleSize: body.TitleSize,
    titleColour: body.TitleColour,
    description: body.Description,
    descriptionColour: body.DescriptionColour,
    gradientStart: body.GradientColourCodeStart,
    gradientEnd: body.GradientColourCodeEnd,
    backgroundImageUrl: body.BackgroundImageUrl,
    backgroundImageAltText: body.BackgroundImageAltText,
    clickUrl: body.BannerClickUrl,
    clickTarget: body.BannerClickTarget,
    primaryButton: body.PrimaryButton,
    position: body.Position,
    active: body.Active,
  };
}

function rules(body: AdminDiscountEditBody): DiscountRules {
  return {
    method: body.Method,
    amount: body.Amount,
    description: body.Description,
    startsAt: body.StartsAt === null ? null : Date.parse(body.StartsAt),
    endsAt: body.EndsAt === null ? null : Date.parse(body.EndsAt),
    minSpendMinor: body.MinSpendMinor,
    maxUses: body.MaxUses,
    maxUsesPerCustomer: body.MaxUsesPerCustomer,
    active: body.Active,
  };
}

/** The names of the fields whose values differ (for the audit line, and to record only real changes). */
function changedFields<T extends object>(before: T, after: T): string[] {
  return Object.keys(after).filter(
    (key) =>
      JSON.stringify((before as Record<string, unknown>)[key]) !==
      JSON.stringify((after as Record<string, unknown>)[key]),
  );
}

/**
 * A unique index refusing the write (two admins taking one slug or code at once: the check before
 * it saw neither) is the same 400 as the check's, not a 500.
 */
async function uniqueOr<T>(write: () => Promise<T>, field: string, message: string): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE') throw invalidInput(field, message);
    throw error;
  }
}
