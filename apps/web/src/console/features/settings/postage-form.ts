import type { ConsoleStoreSettingsValue, StorePostageBody } from '@shop/contract';
import type { PathErrors } from '../../../lib/form-sender';
import { moneyText, parseMoney } from '../../lib/money-input';

type Postage = NonNullable<ConsoleStoreSettingsValue['Postage']>;

/** One band of the table as typed: money in dollars or pounds, the rest whole numbers. */
export interface RateRow {
  /** React's key: rows come and go. */
  key: number;
  ZoneId: number;
  Service: 'Regular' | 'Express';
  MaxWeightGrams: string;
  Price: string;
  MinDays: string;
  MaxDays: string;
}

export interface PostageFormValues {
  ExpressEnabled: boolean;
  /** Empty: the surcharge is never compulsory. */
  SurchargeThreshold: string;
  Surcharge: string;
  Handling: string;
  rows: RateRow[];
}

let nextKey = 1;

export function postageFormValues(postage: Postage): PostageFormValues {
  return {
    ExpressEnabled: postage.ExpressEnabled,
    SurchargeThreshold: postage.SurchargeThresholdMinor === null ? '' : moneyText(postage.SurchargeThresholdMinor),
    Surcharge: moneyText(postage.SurchargeMinor),
    Handling: moneyText(postage.HandlingMinor),
    rows: postage.Rates.map((rate) => ({
      key: nextKey++,
      ZoneId: rate.ZoneId,
      Service: rate.Service,
      MaxWeightGrams: String(rate.MaxWeightGrams),
      Price: moneyText(rate.PriceMinor),
      MinDays: String(rate.MinDays),
      MaxDays: String(rate.MaxDays),
    })),
  };
}

export function blankRow(zoneId: number): RateRow {
  return {
    key: nextKey++,
    ZoneId: zoneId,
    Service: 'Regular',
    MaxWeightGrams: '',
    Price: '',
    MinDays: '',
    MaxDays: '',
  };
}

export const AMOUNT_MESSAGE = 'Enter an amount, such as 12.50';
const WHOLE_MESSAGE = 'Enter a whole number';

/**
 * The form as the API's body (money in minor units), with the fields that are not numbers at all
 * as errors by the body's path; the contract's schema checks the rest (ranges, days, duplicates).
 */
export function postageBody(values: PostageFormValues): { body: StorePostageBody; errors: PathErrors } {
  const errors: PathErrors = {};
  const money = (text: string, path: string) => {
    const minor = parseMoney(text);
    if (minor === null) errors[path] = AMOUNT_MESSAGE;
    return minor ?? 0;
  };
  const whole = (text: string, path: string) => {
    if (!/^\d{1,9}$/.test(text.trim())) errors[path] = WHOLE_MESSAGE;
    return Number(text.trim()) || 0;
  };
  const body: StorePostageBody = {
    ExpressEnabled: values.ExpressEnabled,
    SurchargeThresholdMinor:
      values.SurchargeThreshold.trim() === '' ? null : money(values.SurchargeThreshold, 'SurchargeThresholdMinor'),
    SurchargeMinor: money(values.Surcharge, 'SurchargeMinor'),
    HandlingMinor: money(values.Handling, 'HandlingMinor'),
    Rates: values.rows.map((row, i) => ({
      ZoneId: row.ZoneId,
      Service: row.Service,
      MaxWeightGrams: whole(row.MaxWeightGrams, `Rates.${i}.MaxWeightGrams`),
      PriceMinor: money(row.Price, `Rates.${i}.PriceMinor`),
      MinDays: whole(row.MinDays, `Rates.${i}.MinDays`),
      MaxDays: whole(row.MaxDays, `Rates.${i}.MaxDays`),
    })),
  };
  return { body, errors };
}
