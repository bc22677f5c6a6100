import { describe, expect, it } from 'vitest';
import { serverFieldErrors } from './admin-form';

describe("the server's 400 message, by field", () => {
  it('splits every field and its message', () => {
    expect(
      serverFieldErrors('Invalid input. Slug: is already used by another store. Postcode: must be 4 digits'),
    ).toEqual({
      Slug: 'is already used by another store',
      Postcode: 'must be 4 digits',
    });
  });

  it('keeps a nested field whole and a message naming no field apart', () => {
    expect(
      serverFieldErrors("Invalid input. PrimaryButton.OnClickUrl: must be a path on this site ('/search')"),
    ).toEqual({
      'PrimaryButton.OnClickUrl': "must be a path on this site ('/search')",
    });
    expect(serverFieldErrors('Something went wrong')).toEqual({ '': 'Something went wrong' });
  });
});
