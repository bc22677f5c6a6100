import { ANTI_FORGERY_COOKIE, ANTI_FORGERY_HEADER, ErrorEnvelopeSchema } from '@shop/contract';
import { z } from 'zod';
import { type ApiRoute, replySchemaOf } from '../lib/route.js';

/** The OpenAPI 3.1 document, generated from the same route list and contract schemas that serve requests. */
export function buildOpenApiDocument(routes: ApiRoute[]): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const parameters: unknown[] = [];
    if (route.query) {
      const schema = z.toJSONSchema(route.query, { io: 'input', unrepresentable: 'any' }) as {
        properties?: Record<string, unknown>;
        required?: string[];
      };
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        parameters.push({ name, in: 'query', required: schema.required?.includes(name) ?? false, schema: property });
      }
    }
    const error = { content: { 'application/json': { schema: z.toJSONSchema(ErrorEnvelopeSchema) } } };
    const method = route.method.toLowerCase();
    const requestBody = route.body
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: z.toJSONSchema(route.body, { io: 'input', unrepresentable: 'any' }),
              },
            },
          },
        }
      : {};
    // State-changing calls must echo the anti-forgery cookie in a header (lib/anti-forgery.ts).
    const forbidden =
      route.method === 'GET'
        ? {}
        : {
            '403': {
              description: `The ${ANTI_FORGERY_HEADER} header is missing or does not match the ${ANTI_FORGERY_COOKIE} cookie`,
              ...error,
            },
          };
    paths[route.url] ??= {};
    (paths[route.url] as Record<string, unknown>)[method] = {
      summary: route.summary,
      tags: [route.tag],
      parameters,
      ...requestBody,
      responses: {
        '200': {
          description: 'WasSuccessful is true and Value holds the result',
          content: {
            'application/json': {
              schema: z.toJSONSchema(replySchemaOf(route), { io: 'output', unrepresentable: 'any', cycles: 'ref' }),
            },
          },
        },
        '400': { description: 'Invalid input; Message names the field', ...error },
        '404': { description: 'No such record or call', ...error },
        ...forbidden,
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Second-hand marketplace API',
      version: '1.0.0',
      description: 'Every call lives under /c3api and replies { WasSuccessful, Value, Message }.',
    },
    paths,
  };
}
