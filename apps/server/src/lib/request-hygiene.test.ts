import { describe, expect, it } from 'vitest';
import {
  findUnstorableText,
  jsonNestedDeeperThan,
  MAX_JSON_DEPTH,
  NUL_MESSAGE,
  SURROGATE_MESSAGE,
} from './request-hygiene.js';

/** `depth` arrays inside each other around one value, built without recursion. */
function nestedArrays(depth: number, inner: unknown): unknown {
  let value = inner;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

describe('request hygiene', () => {
  it('finds a NUL byte or a lone surrogate anywhere in the input and names where', () => {
    expect(findUnstorableText({ a: 'x', b: ['y', 'z\u0000'] })).toEqual({ path: 'b.1', problem: NUL_MESSAGE });
    expect(findUnstorableText({ a: { deep: 'ok\u0000' } })).toEqual({ path: 'a.deep', problem: NUL_MESSAGE });
    expect(findUnstorableText({ 'k\u0000': 1 })).toEqual({ path: 'key', problem: NUL_MESSAGE });
    expect(findUnstorableText({ a: 'fine', n: 3, m: null })).toBeNull();
    expect(findUnstorableText('\u0000')).toEqual({ path: 'request', problem: NUL_MESSAGE });
    for (const lone of ['\ud800', 'a\udfffb', 'end\ud83d', '\ude00start'])
      expect(findUnstorableText({ body: { Name: lone } })).toEqual({ path: 'body.Name', problem: SURROGATE_MESSAGE });
    // A whole pair is one character (an emoji), not a lone half.
    expect(findUnstorableText({ body: { Name: 'Tom \ud83d\ude00' } })).toBeNull();
  });

  it('reports the first problem in document order', () => {
    expect(findUnstorableText({ a: ['ok', { b: '\ud800' }], c: '\u0000' })?.path).toBe('a.1.b');
  });

  it('walks any depth without overflowing the stack, in time linear in the input', () => {
    // 200,000 levels: the recursive walk it replaces overflowed near 5,000 and copied its path at
    // every level (quadratic: minutes at this depth).
    const deep = nestedArrays(200_000, 'x\u0000');
    const found = findUnstorableText(deep);
    expect(found?.problem).toBe(NUL_MESSAGE);
    expect(found?.path.split('.')).toHaveLength(200_000);
    expect(findUnstorableText(nestedArrays(200_000, 'fine'))).toBeNull();
  });

  it('measures JSON nesting in one pass, skipping brackets inside strings', () => {
    expect(jsonNestedDeeperThan('{"a":[1,{"b":2}]}', 3)).toBe(false);
    expect(jsonNestedDeeperThan('{"a":[1,{"b":[2]}]}', 3)).toBe(true);
    expect(jsonNestedDeeperThan('{"a":"[[[[[[[[\\"[[[["}', 1)).toBe(false);
    expect(jsonNestedDeeperThan('[]'.repeat(1000), 1)).toBe(false);
    const hostile = '['.repeat(500_000) + ']'.repeat(500_000);
    expect(jsonNestedDeeperThan(hostile, MAX_JSON_DEPTH)).toBe(true);
    const justDeepEnough = '['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH);
    expect(jsonNestedDeeperThan(justDeepEnough, MAX_JSON_DEPTH)).toBe(false);
  });
});
