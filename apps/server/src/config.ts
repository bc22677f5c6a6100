import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Regions } from '@shop/contract';
import { z } from 'zod';

/** The repository root, so that ./data and the web build resolve the same from any working directory. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  REGION: z.enum(Regions).default('AU'),
  /** Empty means the embedded SQLite file under DATA_DIR; postgres://... switches to PostgreSQL. */
  DATABASE_URL: z
    .string()
    .optional()
    .refine((v) => v === undefined || v === '' || /^(postgres(ql)?:\/\/|file:|sqlite:)/.test(v), {
      message: 'must be a postgres:// URL or a sqlite: / file: path',
    }),
  DATA_DIR: z.string().default(path.join(REPO_ROOT, 'data')),
  /** How many items the demo catalogue gets when the server starts on an empty database (0 = none). */
  DEMO_PRODUCTS: z.coerce.number().int().min(0).default(3000),
  DEMO_SEED: z.coerce.number().int().default(1),
  WEB_DIST: z.string().default(path.join(REPO_ROOT, 'apps/web/dist')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = z.infer<typeof ConfigSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return parsed.data;
}

export function webBuildExists(config: Config): boolean {
  return existsSync(path.join(config.WEB_DIST, 'index.html'));
}
