import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { validateFields } from '../../../lib/use-contract-form';
import { moneyText, parseMoney } from '../../lib/money-input';
import { EMPTY_ITEM, ITEM_FIELDS, ItemFormSchema, itemFieldErrors, toItemFields } from './item-form-values';

const FILLED = {
  ...EMPTY_ITEM,
  Title: 'Fender Stratocaster',
  CategoryId: '2',
  Price: '$1,250.50',
  Rrp: '2000',
  PromotionMethod: 'Value',
  PromotionAmount: '20',
  WeightGrams: '4000',
  LengthCm: '100',
  WidthCm: '40',
  HeightCm: '12',
};

describe('the item form values', () => {
  it('reads dollars or pounds as typed into whole minor units, and refuses what is not an amount', () => {
    expect(parseMoney('12.5')).toBe(1250);
    expect(parseMoney(' £1,299 ')).toBe(129_900);
    expect(parseMoney('0.07')).toBe(7);
    for (const bad of ['', '12.345', 'abc', '-5', '1e3']) expect(parseMoney(bad)).toBeNull();
    expect(moneyText(125_050)).toBe('1250.50');
    expect(moneyText(125_000)).toBe('1250');
  });

  it('sends money as integer minor units and the promotion in the API’s shape', () => {
    expect(toItemFields(FILLED)).toMatchObject({
      CategoryId: 2,
      PriceMinor: 125_050,
      RrpMinor: 200_000,
      Promotion: { Method: 'Value', Amount: 2000 },
      Postable: true,
    });
    expect(toItemFields({ ...FILLED, PromotionMethod: 'Percentage', PromotionAmount: '15' }).Promotion).toEqual({
      Method: 'Percentage',
      Amount: 15,
    });
    expect(toItemFields({ ...FILLED, PromotionMethod: '', Rrp: '' })).toMatchObject({ Promotion: null, RrpMinor: 0 });
  });

  it('names every field a person has to correct, in words', () => {
    const errors = validateFields(
      ItemFormSchema,
      { ...EMPTY_ITEM, PromotionMethod: 'Value', PromotionAmount: 'x' },
      ITEM_FIELDS,
      (p) => p as never,
    );
    expect(errors).toMatchObject({
      Title: 'Title must be at least 3 characters',
      CategoryId: 'Choose a category',
      Price: 'Price must be an amount above 0, such as 12.50',
      PromotionAmount: 'Enter the amount off, such as 20.00',
      Rrp: 'An amount off needs the RRP it comes off',
      WeightGrams: 'Weight is needed for an item that can be posted',
    });
    expect(validateFields(ItemFormSchema, FILLED, ITEM_FIELDS, (p) => p as never)).toEqual({});
  });

  it('lets a pickup-only item leave weight and size empty (sent as null), but still checks what is typed', () => {
    const pickup = { ...FILLED, Postable: 'no', WeightGrams: '', LengthCm: '', WidthCm: '', HeightCm: '' };
    expect(validateFields(ItemFormSchema, pickup, ITEM_FIELDS, (p) => p as never)).toEqual({});
    expect(toItemFields(pickup)).toMatchObject({ WeightGrams: null, LengthCm: null, WidthCm: null, HeightCm: null });
    expect(validateFields(ItemFormSchema, { ...pickup, WeightGrams: '0' }, ITEM_FIELDS, (p) => p as never)).toEqual({
      WeightGrams: 'Weight must be a whole number from 1 to 1,000,000',
    });
    expect(toItemFields({ ...FILLED, Colour: 'graphite', Storage: '1tb' })).toMatchObject({
      Colour: 'graphite',
      Storage: '1tb',
    });
    expect(toItemFields(FILLED)).toMatchObject({ Colour: null, Storage: null });
  });

  it("puts the server's per-field errors beside the form's fields, and keeps the rest for the form", () => {
    expect(
      itemFieldErrors(
        new ApiError(
          'Invalid input. PriceMinor: Too big: expected number to be <=100000000. Pictures.1: is not a picture sharp can read. Title: Too small',
          400,
          [
            { Field: 'PriceMinor', Message: 'Too big: expected number to be <=100000000' },
            { Field: 'Pictures.1', Message: 'is not a picture sharp can read' },
            { Field: 'Title', Message: 'Too small' },
          ],
        ),
      ),
    ).toEqual({
      fields: {
        Price: 'Too big: expected number to be <=100000000',
        Pictures: 'Picture 2: Is not a picture sharp can read',
        Title: 'Too small',
      },
      rest: null,
    });
    expect(
      itemFieldErrors(
        new ApiError('Invalid input. Promotion: the promotion does not agree with the RRP', 400, [
          { Field: 'Promotion', Message: 'the promotion does not agree with the RRP' },
        ]),
      ),
    ).toEqual({
      fields: { PromotionAmount: 'The promotion does not agree with the RRP' },
      rest: null,
    });
    expect(
      itemFieldErrors(
        new ApiError('Invalid input. request: too large', 400, [{ Field: 'request', Message: 'too large' }]),
      ),
    ).toEqual({ fields: {}, rest: 'request: too large' });
    // A failure naming no field: the form shows its message.
    expect(itemFieldErrors(new ApiError('No such store', 404))).toBeNull();
  });
});
