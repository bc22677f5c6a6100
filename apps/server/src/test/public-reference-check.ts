import { normalizePublicReference } from '../lib/public-reference.js';

/**
 * True when `value` reads as a reference with this prefix, in any case. Only tests ask this; the
 * product looks records up by normalizePublicReference, which answers null for anything else.
 */
export function isPublicReference(prefix: string, value: unknown): value is string {
  return normalizePublicReference(prefix, value) !== null;
}
