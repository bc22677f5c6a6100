// @vitest-environment jsdom
import type { ProductListItem } from '@shop/contract';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubIntersectionObserver } from '../../../test/intersection-observer';
import { makeItem } from '../../../test/product-fixtures';
import { withQueryClient } from '../../../test/query-wrapper';
import { SimilarItems } from './similar-items';

let asked: string[];
let items: ProductListItem[];

beforeEach(() => {
  asked = [];
  items = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      asked.push(String(input));
      return new Response(
        JSON.stringify({ WasSuccessful: true, Value: { ProductListItems: items, MaxResults: 16 }, Message: null }),
        { status: 200, headers: { 'Content-Type': 'application/json' } },
      );
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SimilarItems', () => {
  it('asks for the similar items only once the section comes near the screen', async () => {
    const observer = stubIntersectionObserver();
    render(
      withQueryClient(
        <MemoryRouter>
          <SimilarItems code="SH0000001" searchUrl="/search-results?query=phone" />
        </MemoryRouter>,
      ),
    );
    // Long enough for the request to have gone had it been made with the page.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toEqual([]);
    const section = screen.getByRole('region', { name: 'Similar items' });
    expect(section.getAttribute('aria-busy')).toBe('true');
    // Its cards stand still while nothing is being fetched (a shimmer is a new frame every frame).
    expect(section.querySelector('.similar__loading')?.classList.contains('similar__loading--still')).toBe(true);
    act(() => observer.report(true));
    expect(section.querySelector('.similar__loading')?.classList.contains('similar__loading--still')).toBe(false);
    expect(await screen.findByText('No items could be found.')).toBeTruthy();
    expect(asked).toEqual(['/c3api/product/similar?code=SH0000001&NumberOfResults=16']);
  });

  it('shows the items in the carousel, whose code it loads when they are near', async () => {
    items = [makeItem({ Code: 'SH0000002', Title: 'Nokia G60 Purple' })];
    const observer = stubIntersectionObserver();
    render(
      withQueryClient(
        <MemoryRouter>
          <SimilarItems code="SH0000001" searchUrl="/search-results?query=phone" />
        </MemoryRouter>,
      ),
    );
    act(() => observer.report(true));
    const list = await screen.findByRole('list', { name: 'Similar items' });
    expect(list.textContent).toContain('Nokia G60 Purple');
    expect(screen.getByRole('region', { name: 'Similar items' }).getAttribute('aria-busy')).toBe('false');
  });
});
