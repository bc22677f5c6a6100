import { describe, expect, it } from 'vitest';
import { BadRequestError, HttpError, invalidFields, invalidInput, NotFoundError } from './errors.js';

describe('errors', () => {
  it('invalidInput writes the Message every 400 uses and keeps the field as data', () => {
    const error = invalidInput('Slug', 'is already used by another store');
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.statusCode).toBe(400);
    expect(error.message).toBe('Invalid input. Slug: is already used by another store');
    expect(error.toEnvelope()).toEqual({
      WasSuccessful: false,
      Value: null,
      Message: 'Invalid input. Slug: is already used by another store',
      FieldErrors: [{ Field: 'Slug', Message: 'is already used by another store' }],
    });
  });

  it("invalidFields names several in order, joined as the route helper joins a schema's issues", () => {
    const error = invalidFields([
      { Field: 'EntityName', Message: 'Please enter the entity name' },
      { Field: 'BusinessNumber', Message: 'must be 11 digits' },
    ]);
    expect(error.message).toBe(
      'Invalid input. EntityName: Please enter the entity name. BusinessNumber: must be 11 digits',
    );
    expect(error.toEnvelope().FieldErrors?.map((f) => f.Field)).toEqual(['EntityName', 'BusinessNumber']);
  });

  it('an error naming no field has no FieldErrors in its envelope', () => {
    for (const error of [
      new BadRequestError('This item has sold'),
      new NotFoundError('No item'),
      new HttpError(409, 'Busy'),
    ]) {
      expect(error.toEnvelope()).toEqual({ WasSuccessful: false, Value: null, Message: error.message });
    }
  });
});
