// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubIntersectionObserver } from '../../../test/intersection-observer';
import { SimilarItems } from './similar-items';

let asked: string[];

beforeEach(() => {
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      asked.push(String(input));
      return new Response(
        JSON.stringify({ WasSuccessful: true, Value: { ProductListItems: [], MaxResults: 16 }, Message: null }),
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
      <MemoryRouter>
        <SimilarItems code="SH0000001" searchUrl="/search-results?query=phone" />
      </MemoryRouter>,
    );
    // Long enough for the request to have gone had it been made with the page.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toEqual([]);
    expect(screen.getByRole('region', { name: 'Similar items' }).getAttribute('aria-busy')).toBe('true');
    act(() => observer.report(true));
    expect(await screen.findByText('No items could be found.')).toBeTruthy();
    expect(asked).toEqual(['/c3api/product/similar?code=SH0000001&NumberOfResults=16']);
  });
});
