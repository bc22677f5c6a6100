// zod's core `config` (the same settings the full library reads), not the `z` namespace: importing `z`
// here would put the whole library into every page's JavaScript even where no schema runs.
import { config } from 'zod/v4/core';

/**
 * In a browser, zod parses without generating code: its faster JIT path calls `new Function`,
 * which the shop's Content-Security-Policy (script-src without 'unsafe-eval') refuses, and each
 * refusal is a reported violation. Zod decides when a schema is built, so this runs first, from the
 * contract's own entry, before any schema exists (however the web build splits its chunks). The
 * server keeps the JIT.
 */
if (typeof document !== 'undefined') config({ jitless: true });
