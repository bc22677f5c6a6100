import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { serverFieldErrors } from './field-errors';

describe("the server's field errors", () => {
  it("groups a 400's FieldErrors by field, in the server's order, each message once", () => {
    const error = new ApiError(
      'Invalid input. Slug: is already used by another store. Rates.1.PriceMinor: Is too large. Slug: is too long',
      400,
      [
        { Field: 'Slug', Message: 'is already used by another store' },
        { Field: 'Rates.1.PriceMinor', Message: 'Is too large' },
        { Field: 'Slug', Message: 'is too long' },
        { Field: 'Slug', Message: 'is too long' },
      ],
    );
    expect(serverFieldErrors(error)).toEqual(
      new Map([
        ['Slug', ['is already used by another store', 'is too long']],
        ['Rates.1.PriceMinor', ['Is too large']],
      ]),
    );
  });

  it('is null when the failure names no field, whatever its message says', () => {
    expect(serverFieldErrors(new ApiError('Invalid input. Email: Please enter a valid email', 400))).toBeNull();
    expect(serverFieldErrors(new ApiError('This item has sold', 400))).toBeNull();
    expect(
      serverFieldErrors(new ApiError('Busy', 409, [{ Field: 'Email', Message: 'not read outside a 400' }])),
    ).toBeNull();
    expect(serverFieldErrors(new Error('Invalid input. Email: x'))).toBeNull();
    expect(serverFieldErrors(null)).toBeNull();
  });
});
