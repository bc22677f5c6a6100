import { z } from 'zod';

/**
 * In the browser zod parses without generating code: its faster JIT path tries `new Function`,
 * which the shop's Content-Security-Policy (script-src without 'unsafe-eval') blocks, logging a
 * violation on every page. Imported first by the entry points, before any schema parses.
 */
z.config({ jitless: true });
