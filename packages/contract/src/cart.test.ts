import { describe, expect, it } from 'vitest';
import { CartAddQuerySchema, CartRemoveQuerySchema } from './cart.js';
import { describeZodError } from './envelope.js';

function errorOf(result: { success: boolean; error?: import('zod').ZodError }): string {
  if (result.success || !result.error) throw new Error('expected the input to be refused');
  return describeZodError(result.error);
}

describe('cart query schemas', () => {
  it('accept product ids from 1 to 2147483647, the PostgreSQL integer range', () => {
    for (const schema of [CartAddQuerySchema, CartRemoveQuerySchema]) {
      expect(schema.parse({ productId: '1' }).productId).toBe(1);
      expect(schema.parse({ productId: '2147483647' }).productId).toBe(2147483647);
    }
  });

  it('refuse ids the database cannot hold, naming the field', () => {
    for (const schema of [CartAddQuerySchema, CartRemoveQuerySchema]) {
      for (const productId of ['2147483648', '9007199254740993', '1e20', '0', '-1', '1.5', 'abc', '', 'Infinity']) {
        const message = errorOf(schema.safeParse({ productId }));
        expect(message, productId).toBe('Invalid input. productId: must be a product id');
      }
    }
  });

  it('refuses a missing product id', () => {
    expect(errorOf(CartRemoveQuerySchema.safeParse({}))).toContain('productId: must be a product id');
  });

  it('keeps the change check: stateHash and price go together, price within range', () => {
    expect(CartAddQuerySchema.parse({ productId: '7', stateHash: 'abc', price: '1250' })).toEqual({
      productId: 7,
      stateHash: 'abc',
      price: 1250,
    });
    expect(errorOf(CartAddQuerySchema.safeParse({ productId: '7', stateHash: 'abc' }))).toContain(
      'price: stateHash and price go together',
    );
    expect(errorOf(CartAddQuerySchema.safeParse({ productId: '7', stateHash: 'abc', price: '2147483648' }))).toContain(
      'price: is too large',
    );
    expect(errorOf(CartAddQuerySchema.safeParse({ productId: '7', stateHash: 'abc', price: '-1' }))).toContain(
      'price: must be whole minor units',
    );
  });
});
