// Compiles the server to plain JavaScript (apps/server/dist) so production runs `node dist/main.js`
// and never compiles TypeScript at run time. esbuild bundles our own code (the server and the
// @shop/contract workspace package, which is TypeScript source) into ES modules; every other
// package stays an ordinary import resolved from node_modules (native ones such as better-sqlite3
// and sharp cannot be bundled). Each program is one file directly in dist/ (no shared chunks), so
// paths our code takes from its own location (the repository root, data files) are the same as
// from src/. Usage: node build.mjs [--if-missing]
import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.join(here, 'dist');

/** The programs a deployment runs: the server, the jobs worker and the operators' CLIs. */
export const ENTRY_POINTS = {
  main: 'src/main.ts',
  worker: 'src/worker.ts',
  seed: 'src/seed/seed.cli.ts',
  order: 'src/orders.cli.ts',
  item: 'src/items.cli.ts',
  backup: 'src/backup.cli.ts',
  restore: 'src/restore.cli.ts',
  'import-addresses': 'src/modules/addresses/gnaf-import.cli.ts',
  migrate: 'src/migrate.cli.ts',
};

/** Files our code reads beside itself at run time (new URL('./x', import.meta.url)). */
const DATA_FILES = ['src/modules/accounts/common-passwords.txt'];

export async function buildServer() {
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  await build({
    absWorkingDir: here,
    entryPoints: Object.fromEntries(Object.entries(ENTRY_POINTS).map(([name, file]) => [name, path.join(here, file)])),
    outdir,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    // Some packages still call require(): give the ES modules a require of their own.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    plugins: [
      {
        name: 'shop:external-packages',
        setup(builder) {
          // A bare import is a package: external, except our own workspace packages (TypeScript source).
          builder.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@shop/') || args.path.startsWith('node:')
              ? undefined
              : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  for (const file of DATA_FILES) copyFileSync(path.join(here, file), path.join(outdir, path.basename(file)));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--if-missing') && existsSync(path.join(outdir, 'main.js'))) process.exit(0);
  const started = Date.now();
  await buildServer();
  console.log(`Server compiled to ${path.relative(process.cwd(), outdir) || '.'}/ in ${Date.now() - started} ms`);
}
