import {
  type AddressValue,
  type DeliveryOptionName,
  formatMoney,
  MISSING_TABLE_RATE_MESSAGE,
  type Region,
  type ShippingEstimate,
  type SplitShipment,
} from '@shop/contract';
import type { CatalogueItem } from '../catalogue/catalogue.service.js';
import type { CombinedEstimate, ParcelItem, ShipmentQuote } from '../shipping/shipping.service.js';

/**
 * Checkout's side of postage: the region's postage option, the cart's items as parcels, the
 * split choices kept in the checkout state, and estimates as the contract shapes them. Pure.
 */

/** The postage option's SystemName per region (SHIPPING_OPTIONS in checkout.service.ts). */
export const POSTAGE_OPTION: Record<Region, DeliveryOptionName> = { AU: 'AustraliaPost', UK: 'Generic' };

export function isPostageOption(region: Region, option: string | null | undefined): boolean {
  return option === POSTAGE_OPTION[region];
}

/** The items a store will post: what can still be bought. */
export function parcelItems(items: CatalogueItem[]): ParcelItem[] {
  return items
    .filter((item) => item.status === 'available')
    .map((item) => ({
      productId: item.id,
      weightGrams: item.weightGrams,
      lengthCm: item.lengthCm,
      widthCm: item.widthCm,
      heightCm: item.heightCm,
      priceMinor: item.priceMinor,
      postable: item.postable,
    }));
}

/** Split postage's choice for one store, as kept in checkout_states.split_choices. */
export interface SplitChoice {
  storeId: number;
  /** Null: an address was estimated for the store, no method chosen yet. */
  method: 'pickup' | 'postage' | null;
  isExpress: boolean;
  address: AddressValue | null;
}

export function parseSplitChoices(json: string | null | undefined): SplitChoice[] {
  if (!json) return [];
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? (value as SplitChoice[]) : [];
  } catch {
    return [];
  }
}

export function parseAddress(json: string | null | undefined): AddressValue | null {
  if (!json) return null;
  try {
    const value = JSON.parse(json) as Partial<AddressValue> | null;
    if (!value || typeof value !== 'object') return null;
    return {
      BusinessName: value.BusinessName ?? '',
      Line1: value.Line1 ?? '',
      Line2: value.Line2 ?? '',
      Suburb: value.Suburb ?? '',
      State: value.State ?? '',
      PostCode: value.PostCode ?? '',
      CountryCode: value.CountryCode ?? '',
      CountryName: value.CountryName ?? '',
    };
  } catch {
    return null;
  }
}

export function toAddressValue(address: {
  BusinessName?: string;
  Line1?: string;
  Line2?: string;
  Suburb: string;
  State: string;
  PostCode: string;
  CountryCode?: string;
  CountryName?: string;
}): AddressValue {
  return {
    BusinessName: address.BusinessName ?? '',
    Line1: address.Line1 ?? '',
    Line2: address.Line2 ?? '',
    Suburb: address.Suburb,
    State: address.State,
    PostCode: address.PostCode,
    CountryCode: address.CountryCode ?? '',
    CountryName: address.CountryName ?? '',
  };
}

const money = (minor: number, region: Region) => ({ Amount: minor, Display: formatMoney(minor, region) });

/** StorePickup and SplitPostage as a whole: nothing to pay, nothing missing. */
export function zeroEstimate(region: Region): ShippingEstimate {
  return {
    Regular: money(0, region),
    Express: null,
    RegularTimeLine: '',
    ExpressTimeLine: '',
    SodAndInsuranceCost: money(0, region),
    HasSignatureOnDelivery: false,
    HasInsurance: false,
    IsExpressPostageEnabled: false,
    MissingTableRateMessage: null,
  };
}

export function toEstimate(combined: CombinedEstimate, region: Region): ShippingEstimate {
  if (combined.missing) {
    return {
      Regular: null,
      Express: null,
      RegularTimeLine: '',
      ExpressTimeLine: '',
      SodAndInsuranceCost: money(0, region),
      HasSignatureOnDelivery: false,
      HasInsurance: false,
      IsExpressPostageEnabled: false,
      MissingTableRateMessage: MISSING_TABLE_RATE_MESSAGE,
    };
  }
  return {
    Regular: combined.regularMinor === null ? null : money(combined.regularMinor, region),
    Express: combined.expressMinor === null ? null : money(combined.expressMinor, region),
    RegularTimeLine: combined.regularTimeline,
    ExpressTimeLine: combined.expressTimeline,
    SodAndInsuranceCost: money(combined.surchargeMinor, region),
    HasSignatureOnDelivery: combined.hasSurcharge,
    HasInsurance: combined.hasSurcharge,
    IsExpressPostageEnabled: combined.expressAvailable,
    MissingTableRateMessage: null,
  };
}

type Cost = SplitShipment['shippingOptions'][number]['Costs'][number];

/** The Regular and Express cost rows of an estimate; `selected` says which one is chosen (null: neither). */
export function costsOf(estimate: ShippingEstimate, selected: 'Regular' | 'Express' | null, region: Region): Cost[] {
  if (estimate.MissingTableRateMessage !== null || estimate.Regular === null) return [];
  const common = {
    SodAndInsuranceCost: estimate.SodAndInsuranceCost,
    HasSignatureOnDelivery: estimate.HasSignatureOnDelivery,
    HasInsurance: estimate.HasInsurance,
  };
  return [
    {
      Type: 'Regular',
      Amount: estimate.Regular,
      TimeLine: estimate.RegularTimeLine,
      ...common,
      Selected: selected === 'Regular',
      IsEnabled: true,
    },
    {
      Type: 'Express',
      Amount: estimate.Express ?? money(0, region),
      TimeLine: estimate.ExpressTimeLine,
      ...common,
      Selected: selected === 'Express' && estimate.Express !== null,
      IsEnabled: estimate.Express !== null,
    },
  ];
}

/** The chosen service's price of one quote (Express falls back to nothing: the caller refuses it). */
export function chosenPostage(quote: ShipmentQuote, express: boolean): number | null {
  if (!quote.ok) return null;
  if (express) return quote.express?.totalMinor ?? null;
  return quote.regular.totalMinor;
}
