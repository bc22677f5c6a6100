import { describeZodError, envelopeSchema, ok } from '@shop/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { BadRequestError } from './errors.js';

/**
 * One API call: its contract schemas and its handler. The same list registers the Fastify routes
 * and writes the OpenAPI document, so the two cannot disagree.
 */
export interface ApiRoute<Q extends z.ZodType = z.ZodType, V extends z.ZodType = z.ZodType> {
  method: 'GET' | 'POST';
  url: string;
  summary: string;
  tag: string;
  query?: Q;
  /** The schema of the reply's Value. */
  value: V;
  handler: (input: { query: z.infer<Q> }, request: FastifyRequest, reply: FastifyReply) => Promise<z.infer<V>>;
}

export function defineRoute<Q extends z.ZodType, V extends z.ZodType>(route: ApiRoute<Q, V>): ApiRoute<Q, V> {
  return route;
}

export function registerRoutes(app: FastifyInstance, routes: ApiRoute[]): void {
  for (const route of routes) {
    app.route({
      method: route.method,
      url: route.url,
      handler: async (request, reply) => {
        let query: unknown;
        if (route.query) {
          const parsed = route.query.safeParse(request.query ?? {});
          if (!parsed.success) throw new BadRequestError(describeZodError(parsed.error));
          query = parsed.data;
        }
        const value = await route.handler({ query }, request, reply);
        return ok(value);
      },
    });
  }
}

export function replySchemaOf(route: ApiRoute) {
  return envelopeSchema(route.value);
}
