import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lazyPage } from './lazy-page';

function Page() {
  return <h1>The page</h1>;
}

describe('lazyPage', () => {
  it('renders its loading space until the code is there', () => {
    const Lazy = lazyPage(() => new Promise(() => {}));
    expect(renderToString(<Lazy />)).toContain('class="page-loading"');
  });

  it('renders the page at once, without suspending, once preloaded (server render and hydration)', async () => {
    let loads = 0;
    const Lazy = lazyPage(async () => {
      loads++;
      return { default: Page };
    });
    await Lazy.preload();
    await Lazy.preload();
    const html = renderToString(<Lazy />);
    expect(html).toContain('<h1>The page</h1>');
    expect(html).not.toContain('page-loading');
    expect(loads).toBe(1);
  });
});
