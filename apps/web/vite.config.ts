import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** Worth compressing: text the server sends often. Source maps are never served, so never compressed. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|html|json)$/;
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : entry.isFile() ? [full] : [];
  });
}

/**
 * Writes `.br` (brotli, quality 11) and `.gz` (gzip, level 9) beside every text file over 1 KB in
 * the output, public files included, once the bundle is on disk: the server's static files
 * (apps/server/src/lib/static-web.ts, preCompressed) send them instead of compressing per request.
 */
function preCompress(): Plugin {
  return {
    name: 'shop:pre-compress',
    apply: 'build',
    enforce: 'post',
    writeBundle(options) {
      if (!options.dir) return;
      for (const file of filesUnder(options.dir)) {
        if (!COMPRESSIBLE.test(file) || statSync(file).size <= MIN_BYTES) continue;
        const content = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

/**
 * The contract's modules build their zod schemas at module level, and a bundler must keep a call it
 * cannot prove harmless. The browser imports types, constants and small functions from those
 * modules far more often than it runs a schema: marking each `z.` call pure lets the bundler drop
 * the schemas (and zod with them) from every chunk that does not use one.
 */
function pureZodCalls(): Plugin {
  return {
    name: 'shop:pure-zod-calls',
    enforce: 'post',
    transform(code, id) {
      if (!/packages\/contract\/src\/[^/]+\.ts$/.test(id) || id.endsWith('.test.ts')) return null;
      return { code: code.replace(/(^|[^\w$.])z\.(?=[a-z][\w.]*\()/g, '$1/* @__PURE__ */ z.'), map: null };
    },
  };
}

/**
 * The shop runs on Preact in production (decision 017): preact/compat answers for react and
 * react-dom, so the same components, React Router and TanStack Query run on a 4 kB runtime instead
 * of React DOM's 60 kB, which is what lets a product page stay within its JavaScript budget and
 * hydrate in a short task. Both bundles use it, so the server's HTML and the browser's hydration
 * come from one renderer (the same useId values, the same markup). The unit tests keep React
 * (vitest does not read these aliases); the browser journeys run the built app.
 */
const PREACT_ALIASES = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact-render-to-string' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react$/, replacement: 'preact/compat' },
  // React Router's package points every import at its development build (its dev-only warnings
  // switched on); the production build is the same code with them off.
  {
    find: /^react-router$/,
    replacement: path.join(
      path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
      'dist/production/index.mjs',
    ),
  },
];

export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? {
        // The server-rendering bundle (vite build --ssr src/entry-server.tsx): plain .js the
        // server imports at start (apps/server/src/lib/server-render.ts), beside dist, not served.
        plugins: [react()],
        resolve: {
          alias: [
            { find: /^dompurify$/, replacement: path.resolve(import.meta.dirname, 'src/ssr/dompurify.ts') },
            ...PREACT_ALIASES,
          ],
        },
        // Bundled, not imported from node_modules at run time: the libraries that import react must
        // get preact/compat too, and Preact must be one copy shared with its renderer.
        ssr: { noExternal: true },
        publicDir: false,
        build: { outDir: 'dist-ssr', emptyOutDir: true, sourcemap: false },
      }
    : {
        plugins: [react(), pureZodCalls(), preCompress()],
        resolve: { alias: PREACT_ALIASES },
        // 'hidden': maps are written for error reporting but not referenced from the bundles (and the
        // server never serves them). The manifest tells the server which chunks a page needs, to
        // modulepreload them in its HTML.
        build: {
          outDir: 'dist',
          emptyOutDir: true,
          sourcemap: 'hidden',
          manifest: true,
          // A stylesheet per chunk: the shell's (base styles, header, footer, search bar) and each
          // page's. The server writes the shell's and the page's into each page it renders
          // (server-render.ts), so a shop page carries about a third of the shop's CSS rather than
          // all of it (the console's, checkout's and account's rules cost every page's parse and
          // style passes: the total blocking time budget). Other pages load theirs as their chunk loads.
          cssCodeSplit: true,
          rolldownOptions: {
            // boot.ts is a second entry: the script a server-rendered page loads first, which starts
            // the app once the page's picture has loaded (src/boot.ts).
            input: {
              index: path.resolve(import.meta.dirname, 'index.html'),
              boot: path.resolve(import.meta.dirname, 'src/boot.ts'),
            },
            output: {
              // Every page loads the same shell (the runtime, the router, the query cache, the
              // header and footer): one file, not twenty, since each request on a slow line costs
              // a round trip before its bytes. Pages stay their own chunks.
              codeSplitting: {
                groups: [
                  // The libraries first, each a chunk of its own: the boot script evaluates the
                  // shell's chunks one per task (src/boot.ts), so no one task runs them all.
                  { name: 'preact', test: /node_modules\/preact/, tags: ['$initial'] },
                  { name: 'router', test: /node_modules\/react-router/, tags: ['$initial'] },
                  { name: 'query', test: /node_modules\/@tanstack/, tags: ['$initial'] },
                  {
                    name: 'shell',
                    tags: ['$initial'],
                    // Vite's preload helper too: left in the entry chunk, the shell would import the entry back.
                    test: /apps\/web\/src\/(?!boot\.ts)|packages\/contract|vite\/(preload-helper|modulepreload-polyfill)|node_modules\/(?!zod|libphonenumber)/,
                    includeDependenciesRecursively: false,
                  },
                ],
              },
            },
          },
        },
        server: { proxy: { '/c3api': 'http://localhost:3000' } },
      },
);
