// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { BrowserRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { primeHistoryIndex } from './history-index';

function Where() {
  const location = useLocation();
  return <p>{`${location.pathname} ${location.key}`}</p>;
}

afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('primeHistoryIndex', () => {
  it('writes the index the router would, so that creating the router writes nothing', () => {
    window.history.replaceState({ scrollY: 40 }, '', '/product/abc');
    primeHistoryIndex();
    expect(window.history.state).toEqual({ scrollY: 40, idx: 0 });
    const replaceState = vi.spyOn(window.history, 'replaceState');
    const { container } = render(
      <BrowserRouter>
        <Where />
      </BrowserRouter>,
    );
    expect(replaceState).not.toHaveBeenCalled();
    expect(container.textContent).toBe('/product/abc default');
  });

  it('leaves an entry the router has numbered as it is', () => {
    window.history.replaceState({ idx: 3, key: 'k1', usr: null }, '', '/');
    const replaceState = vi.spyOn(window.history, 'replaceState');
    primeHistoryIndex();
    expect(replaceState).not.toHaveBeenCalled();
  });

  it('is what the router itself writes on a first load', () => {
    window.history.replaceState({ scrollY: 40 }, '', '/');
    render(
      <BrowserRouter>
        <Where />
      </BrowserRouter>,
    );
    const written = window.history.state;
    window.history.replaceState({ scrollY: 40 }, '', '/');
    primeHistoryIndex();
    expect(window.history.state).toEqual(written);
  });
});
