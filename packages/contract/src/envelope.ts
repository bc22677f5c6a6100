import { z } from 'zod';

/** Every /c3api reply is wrapped in this envelope (spec: "WasSuccessful and Value", plus a message). */
/* @__NO_SIDE_EFFECTS__ */
export function envelopeSchema<T extends z.ZodType>(value: T) {
  return z.object({
    WasSuccessful: z.boolean(),
    Value: value,
    Message: z.string().nullable(),
  });
}

/** One field a 400 refuses: its path as the API names it ('Email', 'Rates.3.PriceMinor') and what is wrong. */
export const FieldErrorSchema = z.object({
  Field: z.string(),
  Message: z.string(),
});

export const ErrorEnvelopeSchema = z.object({
  WasSuccessful: z.literal(false),
  Value: z.null(),
  Message: z.string(),
  /**
   * A 400's refused fields as data, in the order the Message names them (a field may appear more
   * than once). The Message says the same in one sentence; forms read this, never the sentence.
   * Absent on every other failure.
   */
  FieldErrors: z.array(FieldErrorSchema).optional(),
});

export type Envelope<T> = { WasSuccessful: boolean; Value: T; Message: string | null };
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;
export type FieldError = z.infer<typeof FieldErrorSchema>;

export function ok<T>(value: T, message: string | null = null): Envelope<T> {
  return { WasSuccessful: true, Value: value, Message: message };
}

/** A failed call's envelope; a 400 that names fields carries them as FieldErrors too. */
export function failure(message: string, fieldErrors: readonly FieldError[] = []): ErrorEnvelope {
  const envelope: ErrorEnvelope = { WasSuccessful: false, Value: null, Message: message };
  if (fieldErrors.length > 0) envelope.FieldErrors = [...fieldErrors];
  return envelope;
}

/** A zod error's issues as field errors: each issue's path joined with dots ('request' for the whole input). */
export function zodFieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({
    Field: issue.path.length > 0 ? issue.path.map(String).join('.') : 'request',
    Message: issue.message,
  }));
}

/** Field errors as the one sentence a 400's Message holds: 'Invalid input. Email: ... . Phone: ...'. */
export function describeFieldErrors(fields: readonly FieldError[]): string {
  return `Invalid input. ${fields.map((f) => `${f.Field}: ${f.Message}`).join('. ')}`;
}

/** Turns a zod error into one sentence that names every offending field, for 400 replies and forms. */
export function describeZodError(error: z.ZodError): string {
  return describeFieldErrors(zodFieldErrors(error));
}
