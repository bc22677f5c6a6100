import { ANTI_FORGERY_COOKIE, ANTI_FORGERY_HEADER, ErrorEnvelopeSchema } from '@shop/contract';
import { z } from 'zod';
import { type ApiRoute, defineRawRoute, isRawRoute, replySchemaOf } from '../lib/route.js';

type JsonSchemaObject = { properties?: Record<string, unknown>; required?: string[] };

function parametersOf(schema: z.ZodType | undefined, where: 'query' | 'path'): unknown[] {
  if (!schema) return [];
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchemaObject;
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required?.includes(name) ?? false),
    schema: property,
  }));
}

/** Fastify's '/orders/:ref' is OpenAPI's '/orders/{ref}'. */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** The OpenAPI 3.1 document, generated from the same route list and contract schemas that serve requests. */
export function buildOpenApiDocument(routes: ApiRoute[]): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const parameters = [...parametersOf(route.params, 'path'), ...parametersOf(route.query, 'query')];
    if (route.idempotency) {
      parameters.push({
        name: 'Idempotency-Key',
        in: 'header',
        required: route.idempotency === 'required',
        schema: { type: 'string', minLength: 1, maxLength: 255 },
        description: 'A repeat with the same key and request gets the first reply again',
      });
    }
    const error = { content: { 'application/json': { schema: z.toJSONSchema(ErrorEnvelopeSchema) } } };
    const method = route.method.toLowerCase();
    const requestBody = route.rawBody
      ? { requestBody: { required: true, content: { '*/*': { schema: { type: 'string', format: 'binary' } } } } }
      : route.body
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
    const unauthorised = route.auth === 'required' ? { '401': { description: 'Not signed in', ...error } } : {};
    const limited = route.rateLimit
      ? { '429': { description: 'Too many requests; Retry-After says how many seconds to wait', ...error } }
      : {};
    const success = isRawRoute(route)
      ? {
          description: `The ${route.produces.join(' or ')} itself`,
          content: Object.fromEntries(route.produces.map((type) => [type, {}])),
        }
      : {
          description: 'WasSuccessful is true and Value holds the result',
          content: {
            'application/json': {
              schema: z.toJSONSchema(replySchemaOf(route), { io: 'output', unrepresentable: 'any', cycles: 'ref' }),
            },
          },
        };
    const path = openApiPath(route.url);
    paths[path] ??= {};
    (paths[path] as Record<string, unknown>)[method] = {
      summary: route.summary,
      tags: [route.tag],
      parameters,
      ...requestBody,
      responses: {
        '200': success,
        '400': { description: 'Invalid input; Message names the field', ...error },
        ...unauthorised,
        '404': { description: 'No such record or call', ...error },
        ...forbidden,
        ...limited,
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Second-hand marketplace API',
      version: '1.0.0',
      description:
        'Every call lives under /c3api and replies { WasSuccessful, Value, Message }, except pictures and /healthz.',
    },
    paths,
  };
}

/** GET /c3api/openapi.json: the document itself, a route like any other. */
export function openApiRoute(document: () => Record<string, unknown>): ApiRoute {
  return defineRawRoute({
    method: 'GET',
    url: '/c3api/openapi.json',
    summary: 'This document: the OpenAPI 3.1 description of every call',
    tag: 'site',
    auth: 'none',
    produces: ['application/json'],
    handler: async () => ({
      kind: 'body',
      contentType: 'application/json; charset=utf-8',
      body: JSON.stringify(document()),
    }),
  });
}
