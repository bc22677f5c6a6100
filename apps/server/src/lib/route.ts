import { describeZodError, envelopeSchema, failure, ok } from '@shop/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { BadRequestError } from './errors.js';
import { FixedWindowLimiter, type RateLimit } from './rate-limit.js';

/**
 * One API call: its contract schemas and its handler. The same list registers the Fastify routes
 * and writes the OpenAPI document, so the two cannot disagree.
 */
export interface ApiRoute<
  Q extends z.ZodType = z.ZodType,
  V extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  summary: string;
  tag: string;
  query?: Q;
  /** The schema of a JSON request body, parsed like the query. */
  body?: B;
  /** The schema of the reply's Value. */
  value: V;
  /** Requests per client address and window; over it the call answers 429 and does nothing. */
  rateLimit?: RateLimit;
  handler: (
    input: { query: z.infer<Q>; body: z.infer<B> },
    request: FastifyRequest,
    reply: FastifyReply,
  ) => Promise<z.infer<V>>;
}

export function defineRoute<Q extends z.ZodType, V extends z.ZodType, B extends z.ZodType = z.ZodType>(
  route: ApiRoute<Q, V, B>,
): ApiRoute<Q, V, B> {
  return route;
}

function parse(schema: z.ZodType, input: unknown): unknown {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new BadRequestError(describeZodError(parsed.error));
  return parsed.data;
}

export function registerRoutes(app: FastifyInstance, routes: ApiRoute[]): void {
  for (const route of routes) {
    const limiter = route.rateLimit ? new FixedWindowLimiter(route.rateLimit) : null;
    app.route({
      method: route.method,
      url: route.url,
      handler: async (request, reply) => {
        const wait = limiter?.take(request.ip) ?? 0;
        if (wait > 0) {
          return reply
            .code(429)
            .header('Retry-After', String(wait))
            .send(failure(`Too many requests. Please wait ${wait} seconds and try again.`));
        }
        const query = route.query ? parse(route.query, request.query ?? {}) : undefined;
        const body = route.body ? parse(route.body, request.body) : undefined;
        const value = await route.handler({ query, body }, request, reply);
        return ok(value);
      },
    });
  }
}

export function replySchemaOf(route: ApiRoute) {
  return envelopeSchema(route.value);
}
