/** Errors a service may throw that map to a client-facing status; anything else is a 500 and a bug. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export class BadRequestError extends HttpError {
  constructor(message: string) {
    super(400, message);
  }
}

export class NotFoundError extends HttpError {
  constructor(message: string) {
    super(404, message);
  }
}

export const GENERIC_ERROR_MESSAGE = 'Sorry, an error has occurred, please try again soon.';
