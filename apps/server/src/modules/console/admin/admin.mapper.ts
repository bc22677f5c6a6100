import {
  type AdminBanner,
  type AdminDiscount,
  type AdminFlagsValue,
  type AdminStore,
  FEATURE_FLAG_LABELS,
  formatMoney,
  type Region,
} from '@shop/contract';
import type { BannerRow, StoreRow } from '../../../db/schema.js';
import type { DiscountCode } from '../../promotions/promotions.service.js';
import type { FeatureFlagState } from '../../site/site.service.js';
import { storeAddressLines } from '../../stores/stores.service.js';

/** The marketplace admin's wire shapes (contract console-admin.ts) from the rows. */

export function toAdminStore(row: StoreRow): AdminStore {
  return {
    Id: row.id,
    Name: row.name,
    Slug: row.slug,
    Region: row.region,
    /** The street line: the form's Address (the town line is Suburb, State and Postcode). */
    Address: storeAddressLines(row).line1,
    Suburb: row.suburb,
    State: row.state,
    Postcode: row.postcode,
    Phone: row.phone,
    Email: row.email,
    Latitude: row.latitude,
    Longitude: row.longitude,
    Url: `/stores/${row.slug}`,
  };
}

function button(json: string | null): AdminBanner['PrimaryButton'] {
  if (!json) return null;
  try {
    const stored = JSON.parse(json) as { DisplayName?: unknown; OnClickUrl?: unknown; IsYellowStyle?: unknown };
    return {
      DisplayName: String(stored.DisplayName ?? ''),
      OnClickUrl: String(stored.OnClickUrl ?? ''),
      IsYellowStyle: stored.IsYellowStyle === true,
    };
  } catch {
    return null;
  }
}

export function toAdminBanner(row: BannerRow): AdminBanner {
  return {
    Id: row.id,
    Title: row.title,
    TitleSize: row.title_size,
    TitleColour: row.title_colour,
    Description: row.description,
    DescriptionColour: row.description_colour,
    GradientColourCodeStart: row.gradient_colour_start,
    GradientColourCodeEnd: row.gradient_colour_end,
    BackgroundImageUrl: row.background_image_url,
    BackgroundImageAltText: row.background_image_alt_text,
    BannerClickUrl: row.banner_click_url,
    BannerClickTarget: row.banner_click_target ?? '_self',
    PrimaryButton: button(row.primary_button),
    Position: row.position,
    Active: row.active === 1,
  };
}

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/** A Percentage code's basis points as a percent ('12.5%'), a Value code's minor units as money. */
export function discountAmountDisplay(method: 'Percentage' | 'Value', amount: number, region: Region): string {
  return method === 'Percentage' ? `${amount / 100}%` : formatMoney(amount, region);
}

export function toAdminDiscount(code: DiscountCode, region: Region): AdminDiscount {
  return {
    Id: code.id,
    Code: code.code,
    Method: code.method,
    Amount: code.amount,
    AmountDisplay: discountAmountDisplay(code.method, code.amount, region),
    Description: code.description,
    StartsAt: iso(code.startsAt),
    EndsAt: iso(code.endsAt),
    MinSpendMinor: code.minSpendMinor,
    MaxUses: code.maxUses,
    MaxUsesPerCustomer: code.maxUsesPerCustomer,
    UsesCount: code.usesCount,
    Active: code.active,
  };
}

export function toAdminFlags(flags: FeatureFlagState[]): AdminFlagsValue {
  return {
    Flags: flags.map((f) => ({
      Name: f.name,
      Label: FEATURE_FLAG_LABELS[f.name],
      Enabled: f.enabled,
      EnvironmentEnabled: f.environmentEnabled,
      Effective: f.effective,
    })),
  };
}
