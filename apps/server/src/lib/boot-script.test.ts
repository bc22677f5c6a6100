import { describe, expect, it } from 'vitest';
import { deferEntryScripts } from './boot-script.js';

describe('deferEntryScripts', () => {
  const page = [
    '<head>',
    '    <link rel="preload" as="image" href="/p.webp" fetchpriority="high">',
    '    <script type="module" crossorigin src="/assets/core-a.js" fetchpriority="low"></script>',
    '    <script type="module" crossorigin src="/assets/shell-b.js"></script>',
    '    <link rel="modulepreload" crossorigin href="/assets/product-page-c.js" fetchpriority="low">',
    '  </head>',
    '<body><div id="root"><img src="/p.webp" fetchpriority="high"></div>',
    '<script type="application/json" id="shop-state">{}</script></body>',
  ].join('\n');

  it('loads only the boot script, which is told the entry scripts in their order', () => {
    const html = deferEntryScripts(page, 'assets/boot-d.js');
    expect(html.match(/<script type="module"/g)).toHaveLength(1);
    expect(html).toContain('<script type="module" crossorigin src="/assets/boot-d.js"></script>');
    expect(html).toContain('<meta name="shop-entries" content="/assets/core-a.js /assets/shell-b.js">');
    // Nothing else starts a script request before the picture: the page's own chunks are listed
    // for the boot script to preload, not preloaded by the page.
    expect(html).not.toContain('modulepreload');
    expect(html).toContain('<meta name="shop-chunks" content="/assets/product-page-c.js">');
    // The picture keeps its preload, ahead of the boot script, and the data stays.
    expect(html.indexOf('rel="preload" as="image"')).toBeLessThan(html.indexOf('boot-d.js'));
    expect(html).toContain('<script type="application/json" id="shop-state">{}</script>');
  });

  it('lists no chunks when the page preloads none but its entries', () => {
    const html = deferEntryScripts(
      page.replace(
        /\s*<link rel="modulepreload"[^>]*>/,
        '\n    <link rel="modulepreload" crossorigin href="/assets/shell-b.js">',
      ),
      'assets/boot-d.js',
    );
    expect(html).not.toContain('shop-chunks');
    expect(html).not.toContain('modulepreload');
  });

  it('leaves a page without entry scripts as it is', () => {
    const bare = '<head></head><body><div id="root"></div></body>';
    expect(deferEntryScripts(bare, 'assets/boot-d.js')).toBe(bare);
  });
});
