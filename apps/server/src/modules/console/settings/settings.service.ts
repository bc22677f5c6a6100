import {
  type ConsoleStoreSettingsValue,
  NO_RATE_CARD_MESSAGE,
  NO_REGION_RATE_CARD_MESSAGE,
  NO_SUCH_ZONE_MESSAGE,
  POSTAGE_EXISTS_MESSAGE,
  type StoreDetailsBody,
  type StoreInvoiceBody,
  type StorePickupBody,
  type StorePostageBody,
} from '@shop/contract';
import type { StoreRow } from '../../../db/schema.js';
import { inTransaction } from '../../../db/unit-of-work.js';
import type { Ctx } from '../../../lib/context.js';
import { HttpError, invalidFields, invalidInput } from '../../../lib/errors.js';
import type { CatalogueService } from '../../catalogue/catalogue.service.js';
import type { InvoiceIdentity, InvoiceService } from '../../invoices/invoice.service.js';
import type { ShippingService } from '../../shipping/shipping.service.js';
import {
  composeStoreAddress,
  type StoreSettingsChanges,
  type StoresService,
  storeAddressLines,
} from '../../stores/stores.service.js';
import type { ConsoleAuditService } from '../audit/audit.service.js';
import type { StaffGuard, StoreStaffCaller } from '../staff/staff.guard.js';
import { toStoreSettingsValue } from './settings.mapper.js';

export interface ConsoleSettingsDependencies {
  guard: Pick<StaffGuard, 'requireStaff'>;
  audit: Pick<ConsoleAuditService, 'record'>;
  stores: StoresService;
  shipping: ShippingService;
  invoices: InvoiceService;
  /** The search index holds each store's pickup switch: it is told when one changes. */
  catalogue: Pick<CatalogueService, 'storesChanged'>;
}

/** The invoice identity's fields as the contract names them, for the errors' field names. */
const INVOICE_FIELDS: Record<keyof InvoiceIdentity, string> = {
  entityName: 'EntityName',
  businessNumber: 'BusinessNumber',
  vatNumber: 'VatNumber',
  taxRegistered: 'TaxRegistered',
  licences: 'Licences',
};

/**
 * A store's own settings in the store console. Each section is saved on its own, and every save:
 * 1. passes the console's guard (StaffGuard.requireStaff: staff of the store or an admin;
 *    guests 401, customers 403, anyone else's store 404);
 * 2. is parsed by the contract's schema before it gets here (400 naming the field), and checked
 *    further by the module that owns the rule (the ABN's check digits: invoices; a zone of the
 *    store's own table: shipping), still before anything is written;
 * 3. writes through the owning module's service (stores, shipping) in one transaction with its
 *    audit line (`store.settings`, the section and each changed field's before and after), so a
 *    failure leaves both unwritten; a save that changes nothing writes nothing and records nothing;
 * 4. answers every section as it now is.
 * The shop reads the same rows: the store page and product page (stores), checkout's pickup offer
 * and postage quotes (stores, shipping), tax invoices (stores, through the invoices module).
 */
export class ConsoleSettingsService {
  constructor(private readonly deps: ConsoleSettingsDependencies) {}

  async settings(ctx: Ctx, storeId: number): Promise<ConsoleStoreSettingsValue> {
    const { store } = await this.deps.guard.requireStaff(ctx, storeId);
    return this.valueOf(ctx, store);
  }

  /** Contact, address (street, town, postcode; the state stays) and opening hours. */
  async saveDetails(ctx: Ctx, storeId: number, body: StoreDetailsBody): Promise<ConsoleStoreSettingsValue> {
    const caller = await this.deps.guard.requireStaff(ctx, storeId);
    const { store } = caller;
    // The stored address is kept as it is unless its parts change (a store made elsewhere may hold
    // it in another form): a save of the form as shown changes nothing.
    const sameAddress =
      body.Street === storeAddressLines(store).line1 &&
      body.Suburb === store.suburb &&
      body.Postcode === store.postcode;
    const wanted = {
      phone: body.Phone,
      email: body.Email,
      address: sameAddress
        ? store.address
        : composeStoreAddress(body.Street, { ...store, suburb: body.Suburb, postcode: body.Postcode }),
      suburb: body.Suburb,
      postcode: body.Postcode,
      opening_hours: JSON.stringify(body.OpeningHours),
    };
    const changed = changedColumns(store, wanted);
    if (Object.keys(changed).length === 0) return this.valueOf(ctx, store);
    const updated = await inTransaction(ctx, async (tx) => {
      const row = await this.deps.stores.updateSettings(tx, storeId, {
        phone: wanted.phone,
        email: wanted.email,
        address: wanted.address,
        suburb: wanted.suburb,
        postcode: wanted.postcode,
        openingHours: body.OpeningHours,
      });
      await this.record(tx, caller, 'details', changed);
      return row;
    });
    return this.valueOf(ctx, updated);
  }

  /** Pickup on or off: checkout offers (or stops offering) collection from the store at once. */
  async savePickup(ctx: Ctx, storeId: number, body: StorePickupBody): Promise<ConsoleStoreSettingsValue> {
    const caller = await this.deps.guard.requireStaff(ctx, storeId);
    const changed = changedColumns(caller.store, { pickup_disabled: body.PickupEnabled ? 0 : 1 });
    if (Object.keys(changed).length === 0) return this.valueOf(ctx, caller.store);
    const updated = await inTransaction(ctx, async (tx) => {
      const row = await this.deps.stores.updateSettings(tx, storeId, { pickupDisabled: !body.PickupEnabled });
      // Search filters by "pickup" from the index's copy of the store: it rebuilds after commit.
      await this.deps.catalogue.storesChanged(tx);
      await this.record(tx, caller, 'pickup', changed);
      return row;
    });
    return this.valueOf(ctx, updated);
  }

  /** Express, the surcharge, handling and the rate table's bands (shared tables are copied first). */
  async savePostage(ctx: Ctx, storeId: number, body: StorePostageBody): Promise<ConsoleStoreSettingsValue> {
    const caller = await this.deps.guard.requireStaff(ctx, storeId);
    await inTransaction(ctx, async (tx) => {
      const outcome = await this.deps.shipping.changeStorePostage(tx, storeId, {
        expressEnabled: body.ExpressEnabled,
        surchargeThresholdMinor: body.SurchargeThresholdMinor,
        surchargeMinor: body.SurchargeMinor,
        handlingMinor: body.HandlingMinor,
        rates: body.Rates.map((r) => ({
          zoneId: r.ZoneId,
          service: r.Service,
          maxWeightGrams: r.MaxWeightGrams,
          priceMinor: r.PriceMinor,
          minDays: r.MinDays,
          maxDays: r.MaxDays,
        })),
      });
      if (outcome.kind === 'no-settings') throw new HttpError(409, NO_RATE_CARD_MESSAGE);
      if (outcome.kind === 'unknown-zone') throw invalidInput(`Rates.${outcome.index}.ZoneId`, NO_SUCH_ZONE_MESSAGE);
      // Cards and the search index's postage flag price "Postage from" off the store's table: it rebuilds after commit.
      if (outcome.changed) await this.deps.catalogue.storesChanged(tx);
      if (outcome.changed)
        await this.record(tx, caller, 'postage', {
          ExpressEnabled: body.ExpressEnabled,
          SurchargeThresholdMinor: body.SurchargeThresholdMinor,
          SurchargeMinor: body.SurchargeMinor,
          HandlingMinor: body.HandlingMinor,
          Rates: body.Rates.length,
          TableCopied: outcome.copied,
        });
    });
    return this.valueOf(ctx, caller.store);
  }

  /** A store without a postage table (a new one) starts on the region's usual table; 409 when it has one. */
  async startPostage(ctx: Ctx, storeId: number): Promise<ConsoleStoreSettingsValue> {
    const caller = await this.deps.guard.requireStaff(ctx, storeId);
    await inTransaction(ctx, async (tx) => {
      const outcome = await this.deps.shipping.startStorePostage(tx, storeId);
      if (outcome === 'exists') throw new HttpError(409, POSTAGE_EXISTS_MESSAGE);
      if (outcome === 'no-card') throw new HttpError(409, NO_REGION_RATE_CARD_MESSAGE);
      // The store can post from now on: the search index's postage flag reads its new table.
      await this.deps.catalogue.storesChanged(tx);
      await this.record(tx, caller, 'postage', { Started: true });
    });
    return this.valueOf(ctx, caller.store);
  }

  /** The entity, ABN or VAT number, GST/VAT registration and licences the store's tax invoices print. */
  async saveInvoice(ctx: Ctx, storeId: number, body: StoreInvoiceBody): Promise<ConsoleStoreSettingsValue> {
    const caller = await this.deps.guard.requireStaff(ctx, storeId);
    const checked = this.deps.invoices.checkInvoiceIdentity(ctx.region, {
      entityName: body.EntityName,
      businessNumber: body.BusinessNumber,
      vatNumber: body.VatNumber,
      taxRegistered: body.TaxRegistered,
      licences: body.Licences,
    });
    if (!checked.ok)
      throw invalidFields(checked.errors.map((e) => ({ Field: INVOICE_FIELDS[e.field], Message: e.message })));
    const identity = checked.identity;
    const changed = changedColumns(caller.store, {
      entity_name: identity.entityName,
      business_number: identity.businessNumber,
      vat_number: identity.vatNumber,
      tax_registered: identity.taxRegistered ? 1 : 0,
      dealer_licences: JSON.stringify(identity.licences),
    });
    if (Object.keys(changed).length === 0) return this.valueOf(ctx, caller.store);
    const changes: StoreSettingsChanges = {
      entityName: identity.entityName,
      businessNumber: identity.businessNumber,
      vatNumber: identity.vatNumber,
      taxRegistered: identity.taxRegistered,
      dealerLicences: identity.licences,
    };
    const updated = await inTransaction(ctx, async (tx) => {
      const row = await this.deps.stores.updateSettings(tx, storeId, changes);
      await this.record(tx, caller, 'invoice', changed);
      return row;
    });
    return this.valueOf(ctx, updated);
  }

  private async valueOf(ctx: Ctx, store: StoreRow): Promise<ConsoleStoreSettingsValue> {
    const postage = await this.deps.shipping.storePostage(ctx, store.id);
    return toStoreSettingsValue(store, postage, this.deps.invoices.printedIdentity(store));
  }

  /** The section's audit line, in the change's own transaction. */
  private record(tx: Ctx, caller: StoreStaffCaller, section: string, detail: Record<string, unknown>): Promise<void> {
    return this.deps.audit.record(tx, {
      storeId: caller.store.id,
      userId: caller.userId,
      action: 'store.settings',
      detail: { section, ...detail },
    });
  }
}

/** The columns whose wanted value differs from the stored one, each as { from, to }. */
function changedColumns(store: StoreRow, wanted: Partial<StoreRow>): Record<string, { from: unknown; to: unknown }> {
  const changed: Record<string, { from: unknown; to: unknown }> = {};
  for (const [column, to] of Object.entries(wanted)) {
    const from = store[column as keyof StoreRow];
    if (from !== to) changed[column] = { from, to };
  }
  return changed;
}
