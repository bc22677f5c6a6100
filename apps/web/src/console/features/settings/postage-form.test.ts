import { describe, expect, it } from 'vitest';
import { AMOUNT_MESSAGE, blankRow, postageBody, postageFormValues } from './postage-form';

const postage = {
  ExpressEnabled: true,
  SurchargeThresholdMinor: null,
  SurchargeMinor: 1295,
  HandlingMinor: 0,
  RateCardName: 'Standard',
  RateCardShared: true,
  Zones: [{ Id: 7, Name: 'Metro', Areas: '2000-2234' }],
  Rates: [{ ZoneId: 7, Service: 'Regular' as const, MaxWeightGrams: 500, PriceMinor: 995, MinDays: 2, MaxDays: 4 }],
};

describe('the postage form', () => {
  it('shows money in dollars and sends it back in cents, a blank threshold as never', () => {
    const values = postageFormValues(postage);
    expect(values).toMatchObject({ SurchargeThreshold: '', Surcharge: '12.95', Handling: '0' });
    expect(values.rows[0]).toMatchObject({ Price: '9.95', MaxWeightGrams: '500' });
    const { body, errors } = postageBody({ ...values, Handling: '$1.50', SurchargeThreshold: '500' });
    expect(errors).toEqual({});
    expect(body).toMatchObject({ SurchargeThresholdMinor: 50_000, SurchargeMinor: 1295, HandlingMinor: 150 });
    expect(body.Rates).toEqual([postage.Rates[0]]);
  });

  it('names each field that is not a number by the path the server would use', () => {
    const values = postageFormValues(postage);
    const { errors } = postageBody({ ...values, Surcharge: 'twelve', rows: [...values.rows, blankRow(7)] });
    expect(errors).toEqual({
      SurchargeMinor: AMOUNT_MESSAGE,
      'Rates.1.PriceMinor': AMOUNT_MESSAGE,
      'Rates.1.MaxWeightGrams': 'Enter a whole number',
      'Rates.1.MinDays': 'Enter a whole number',
      'Rates.1.MaxDays': 'Enter a whole number',
    });
  });
});
