import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressPage, fillTemplate, imagePreloadLink, inlineStyleSheets, pageAssets } from './server-render.js';

describe('pageAssets', () => {
  const manifest = {
    'index.html': { file: 'assets/index-a.js', css: ['assets/index-a.css'], imports: ['_query.js'] },
    'src/app/pages/product-page.tsx': {
      file: 'assets/product-page-b.js',
      css: ['assets/product-page-b.css'],
      imports: ['_query.js', '_card.js'],
    },
    '_query.js': { file: 'assets/query-c.js' },
    '_card.js': { file: 'assets/card-d.js', css: ['assets/card-d.css'], imports: ['_query.js'] },
  };

  it("lists a page's chunk, what it imports (each once) and their stylesheets", () => {
    expect(pageAssets(manifest, ['src/app/pages/product-page.tsx'])).toEqual({
      scripts: ['assets/product-page-b.js', 'assets/query-c.js', 'assets/card-d.js'],
      styles: ['assets/card-d.css', 'assets/product-page-b.css'],
    });
  });

  it('lists nothing for a page without a chunk of its own, or a module the build does not know', () => {
    expect(pageAssets(manifest, [])).toEqual({ scripts: [], styles: [] });
    expect(pageAssets(manifest, ['src/nowhere.tsx'])).toEqual({ scripts: [], styles: [] });
  });
});

describe('fillTemplate', () => {
  const template = [
    '<!doctype html>',
    '<html lang="en">',
    '  <head>',
    '    <meta name="description" content="The shell." />',
    '    <title>Second-hand marketplace</title>',
    '  </head>',
    '  <body>',
    '    <div id="root"></div>',
    '  </body>',
    '</html>',
  ].join('\n');

  it("puts the page's head, markup, state and links into index.html, once each", () => {
    const html = fillTemplate(template, {
      head: '<title>Item | Secondhand</title>\n<meta name="description" content="An item." />',
      html: '<main>$& $1 the item</main>',
      state: '{"queries":[]}',
      scripts: ['assets/product-page-b.js'],
      styles: ['assets/product-page-b.css'],
      lang: 'en-GB',
    });
    expect(html).toContain('<html lang="en-GB">');
    expect(html).not.toContain('The shell.');
    expect(html).not.toContain('Second-hand marketplace');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    // Replacement patterns in the page ($&, $1) are text, not instructions.
    expect(html).toContain('<div id="root"><main>$& $1 the item</main></div>');
    expect(html).toContain('<script type="application/json" id="shop-state">{"queries":[]}</script>');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/product-page-b.css">');
    expect(html).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/product-page-b.js" fetchpriority="low">',
    );
    expect(html.indexOf('modulepreload')).toBeLessThan(html.indexOf('</head>'));
  });
});

describe('the LCP picture and the stylesheet', () => {
  const shell = [
    '<html lang="en"><head><title>Shell</title>',
    '<script type="module" crossorigin src="/assets/index-a.js"></script>',
    '<link rel="modulepreload" crossorigin href="/assets/vendor-b.js">',
    '<link rel="stylesheet" crossorigin href="/assets/index-c.css">',
    '</head><body><div id="root"></div></body></html>',
  ].join('\n');
  const page = {
    head: '<title>Item</title>',
    html: '<main></main>',
    state: '{}',
    scripts: [],
    styles: [],
    lang: 'en-AU',
  };

  it('preloads the picture ahead of every script, with the srcset and sizes the <img> has', () => {
    const html = fillTemplate(shell, {
      ...page,
      preloadImage: {
        href: '/c3api/images/product/A1/1?w=800',
        srcset: '/p?w=400&x=1 400w, /p?w=800 800w',
        sizes: '100vw',
      },
    });
    const link =
      '<link rel="preload" as="image" href="/c3api/images/product/A1/1?w=800" imagesrcset="/p?w=400&amp;x=1 400w, /p?w=800 800w" imagesizes="100vw" fetchpriority="high">';
    expect(html).toContain(link);
    expect(html.indexOf(link)).toBeLessThan(html.indexOf('<script type="module"'));
    expect(html.match(/rel="preload"/g)).toHaveLength(1);
    // The scripts, the template's and the page's, come after the picture.
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-a.js" fetchpriority="low">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/vendor-b.js" fetchpriority="low">');
    expect(fillTemplate(shell, { ...page, preloadImage: null })).not.toContain('rel="preload"');
  });

  it('escapes what it writes into an attribute', () => {
    expect(imagePreloadLink({ href: '/x?a="><script>', srcset: null, sizes: null })).toBe(
      '<link rel="preload" as="image" href="/x?a=&quot;>&lt;script>" fetchpriority="high">',
    );
  });

  it('writes the stylesheet into the page instead of linking it, and keeps a link it cannot read', () => {
    const css = { 'assets/index-c.css': 'body{margin:0}' } as Record<string, string>;
    const inlined = inlineStyleSheets(shell, (file) => css[file] ?? null);
    // The rules in the page, and a disabled (never fetched) link that tells the module loader so.
    expect(inlined).toContain(
      '<style>body{margin:0}</style><link rel="stylesheet" href="/assets/index-c.css" disabled>',
    );
    expect(inlined).not.toContain('<link rel="stylesheet" crossorigin');
    expect(inlineStyleSheets(shell, () => null)).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/index-c.css">',
    );
    expect(inlineStyleSheets(shell, () => 'a{}</style><script>')).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/index-c.css">',
    );
  });

  it("writes the page's own stylesheets after the shell's, and links one it cannot read", () => {
    const css = { 'assets/index-c.css': '.shell{}', 'assets/product-page-b.css': '.product{}' } as Record<
      string,
      string
    >;
    const html = fillTemplate(
      inlineStyleSheets(shell, (file) => css[file] ?? null),
      { ...page, styles: ['assets/product-page-b.css', 'assets/card-d.css'] },
      (file) => css[file] ?? null,
    );
    expect(html).toContain(
      '<style>.product{}</style><link rel="stylesheet" href="/assets/product-page-b.css" disabled>',
    );
    expect(html.indexOf('.shell{}')).toBeLessThan(html.indexOf('.product{}'));
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/card-d.css">');
  });
});

describe('compressPage', () => {
  const html = `<main>${'<p>An item, and another.</p>'.repeat(200)}</main>`;

  it('prefers brotli, then gzip, and reads back to the page', async () => {
    const br = await compressPage(html, 'gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(html);
    expect(br.body.length).toBeLessThan(html.length / 10);
    const gz = await compressPage(html, 'gzip');
    expect(gz.encoding).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(html);
  });

  it('sends the page as it is to a client that accepts neither', async () => {
    expect(await compressPage(html, '')).toEqual({ body: html, encoding: null });
    expect(await compressPage(html, 'identity')).toEqual({ body: html, encoding: null });
  });
});
