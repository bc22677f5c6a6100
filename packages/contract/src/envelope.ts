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

export const ErrorEnvelopeSchema = z.object({
  WasSuccessful: z.literal(false),
  Value: z.null(),
  Message: z.string(),
});

export type Envelope<T> = { WasSuccessful: boolean; Value: T; Message: string | null };
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

export function ok<T>(value: T, message: string | null = null): Envelope<T> {
  return { WasSuccessful: true, Value: value, Message: message };
}

export function failure(message: string): ErrorEnvelope {
  return { WasSuccessful: false, Value: null, Message: message };
}

/** Turns a zod error into one sentence that names every offending field, for 400 replies and forms. */
export function describeZodError(error: z.ZodError): string {
  const parts = error.issues.map((issue) => {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : 'request';
    return `${field}: ${issue.message}`;
  });
  return `Invalid input. ${parts.join('. ')}`;
}
