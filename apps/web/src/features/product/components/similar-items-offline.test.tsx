// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubIntersectionObserver } from '../../../test/intersection-observer';
import { makeItem } from '../../../test/product-fixtures';
import { withQueryClient } from '../../../test/query-wrapper';
import { SIMILAR_ERROR, SimilarItems } from './similar-items';

// The carousel's chunk cannot be loaded (the connection dropped after the page arrived).
vi.mock('./similar-carousel', () => {
  throw new Error('chunk failed');
});

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            WasSuccessful: true,
            Value: { ProductListItems: [makeItem({ Code: 'SH0000002' })], MaxResults: 16 },
            Message: null,
          }),
          { status: 200, headers: { 'Content-Type': 'application/json' } },
        ),
    ),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SimilarItems without its carousel', () => {
  it('says the items could not be shown, and the rest of the page stays', async () => {
    const observer = stubIntersectionObserver();
    render(
      withQueryClient(
        <MemoryRouter>
          <p>The product page</p>
          <SimilarItems code="SH0000001" searchUrl="/search-results?query=phone" />
        </MemoryRouter>,
      ),
    );
    act(() => observer.report(true));
    expect(await screen.findByText(SIMILAR_ERROR)).toBeTruthy();
    expect(screen.getByText('The product page')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Similar items' }).getAttribute('aria-busy')).toBe('false');
  });
});
