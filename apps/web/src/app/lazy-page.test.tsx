// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPage } from './lazy-page';
import { PAGE_ERROR_HEADING } from './page-error-boundary';

function Page() {
  return <h1>The page</h1>;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('lazyPage', () => {
  it('renders its loading space until the code is there', () => {
    const Lazy = lazyPage(() => new Promise(() => {}));
    expect(
      renderToString(
        <MemoryRouter>
          <Lazy />
        </MemoryRouter>,
      ),
    ).toContain('class="page-loading"');
  });

  it('renders the page at once, without suspending, once preloaded (server render and hydration)', async () => {
    let loads = 0;
    const Lazy = lazyPage(async () => {
      loads++;
      return { default: Page };
    });
    await Lazy.preload();
    await Lazy.preload();
    const html = renderToString(
      <MemoryRouter>
        <Lazy />
      </MemoryRouter>,
    );
    expect(html).toContain('<h1>The page</h1>');
    expect(html).not.toContain('page-loading');
    expect(loads).toBe(1);
  });

  it('says the page could not be loaded when its code cannot be fetched, and offers to try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Lazy = lazyPage(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    render(
      <MemoryRouter>
        <header>The header</header>
        <Lazy />
      </MemoryRouter>,
    );
    expect((await screen.findByRole('alert')).textContent).toContain(PAGE_ERROR_HEADING);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByText('The header')).toBeTruthy();
  });

  it('catches a page that throws, and draws the next page the shopper goes to', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Broken(): never {
      throw new Error('broken');
    }
    const BrokenPage = lazyPage(async () => ({ default: Broken }));
    const GoodPage = lazyPage(async () => ({ default: Page }));
    await BrokenPage.preload();
    await GoodPage.preload();
    render(
      <MemoryRouter initialEntries={['/broken']}>
        <Link to="/good">Elsewhere</Link>
        <Routes>
          <Route path="/broken" element={<BrokenPage />} />
          <Route path="/good" element={<GoodPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(PAGE_ERROR_HEADING);
    act(() => screen.getByRole('link', { name: 'Elsewhere' }).click());
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('The page');
  });
});
