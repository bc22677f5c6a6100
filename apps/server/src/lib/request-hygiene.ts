import type { FastifyInstance } from 'fastify';
import { BadRequestError, invalidInput } from './errors.js';

/**
 * What the route helper refuses before any schema sees a request: JSON nested deeper than any of
 * the shop's calls needs, and text no database or URL can carry (a NUL byte, a lone UTF-16
 * surrogate). Every check here is one linear pass without recursion, so a hostile body of a
 * megabyte costs milliseconds and cannot overflow the stack, and the server keeps answering others.
 */

/**
 * The deepest request any call takes is a few levels (an address inside a body, a list of ids);
 * JSON nested deeper is refused before it is parsed. Generous, so no real client meets it.
 */
export const MAX_JSON_DEPTH = 32;
export const TOO_DEEP_MESSAGE = `Invalid input. The request body is nested more than ${MAX_JSON_DEPTH} levels deep.`;
export const NUL_MESSAGE = 'must not contain a NUL character';
export const SURROGATE_MESSAGE = 'must be valid Unicode text (it holds half of a UTF-16 surrogate pair)';

/** Whether JSON text opens more than `max` arrays or objects inside each other (strings skipped). */
export function jsonNestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > max) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) depth--;
  }
  return false;
}

/**
 * Replaces Fastify's JSON body parser with one that first measures the nesting in a single pass
 * and refuses anything deeper than MAX_JSON_DEPTH with a 400; what passes is parsed by Fastify's
 * own parser (with its prototype-poisoning checks).
 */
export function registerBoundedJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonNestedDeeperThan(text, MAX_JSON_DEPTH)) {
      done(new BadRequestError(TOO_DEEP_MESSAGE), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}

/** A lone surrogate: a high one not followed by a low one, or a low one on its own. */
const LONE_SURROGATE = /[\ud800-\udfff]/u;

function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return NUL_MESSAGE;
  if (LONE_SURROGATE.test(text)) return SURROGATE_MESSAGE;
  return null;
}

/** A value waiting to be looked at, with the way to it kept as a link to its parent (not copied). */
interface Visit {
  value: unknown;
  name: string;
  parent: Visit | null;
}

function pathOf(visit: Visit): string {
  const names: string[] = [];
  for (let at: Visit | null = visit; at !== null; at = at.parent) if (at.name !== '') names.push(at.name);
  return names.reverse().join('.') || 'request';
}

/**
 * Finds the first string or key that no database can store as it is (a NUL byte: PostgreSQL
 * refuses it; a lone surrogate: it cannot be encoded as UTF-8 or put in a URL), in document order,
 * and names where it is. Iterative, so it is linear in the input's size whatever its depth.
 */
export function findUnstorableText(input: unknown): { path: string; problem: string } | null {
  const stack: Visit[] = [{ value: input, name: '', parent: null }];
  while (stack.length > 0) {
    const visit = stack.pop() as Visit;
    const { value } = visit;
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem) return { path: pathOf(visit), problem };
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], name: String(i), parent: visit });
    } else if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value);
      for (const [key] of entries) {
        const problem = textProblem(key);
        if (problem) return { path: pathOf({ value: key, name: 'key', parent: visit }), problem };
      }
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, inner] = entries[i] as [string, unknown];
        stack.push({ value: inner, name: key, parent: visit });
      }
    }
  }
  return null;
}

/** Throws the 400 for the first unstorable text in a request's parts, named without its part. */
export function refuseUnstorableText(parts: Record<string, unknown>): void {
  const found = findUnstorableText(parts);
  if (found !== null) throw invalidInput(found.path.replace(/^(params|query|body)\./, ''), found.problem);
}
