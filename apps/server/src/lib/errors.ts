import { describeFieldErrors, type ErrorEnvelope, type FieldError, failure } from '@shop/contract';

/** Errors a service may throw that map to a client-facing status; anything else is a 500 and a bug. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** The fields a 400 refuses, as data beside the message (empty for every other failure). */
    readonly fieldErrors: readonly FieldError[] = [],
  ) {
    super(message);
  }

  /** The reply's body: the message, and the refused fields when there are any. */
  toEnvelope(): ErrorEnvelope {
    return failure(this.message, this.fieldErrors);
  }
}

export class BadRequestError extends HttpError {
  constructor(message: string, fieldErrors: readonly FieldError[] = []) {
    super(400, message, fieldErrors);
  }
}

/**
 * The 400 for input a field does not allow, found beyond the contract's schema (a slug already
 * taken, a common password): the Message names the fields in the sentence every 400 uses
 * ('Invalid input. Slug: is already used by another store'), and FieldErrors carries them as data.
 */
export function invalidInput(field: string, message: string): BadRequestError {
  return invalidFields([{ Field: field, Message: message }]);
}

/** invalidInput for several fields at once, in the order the Message names them. */
export function invalidFields(fields: readonly FieldError[]): BadRequestError {
  return new BadRequestError(describeFieldErrors(fields), fields);
}

export class NotFoundError extends HttpError {
  constructor(message: string) {
    super(404, message);
  }
}

export const GENERIC_ERROR_MESSAGE = 'Sorry, an error has occurred, please try again soon.';
