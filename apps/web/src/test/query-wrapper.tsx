import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { createQueryClient } from '../lib/query-client';

/** Wraps a component under test in a fresh query cache, as the app's router does. */
export function withQueryClient(ui: ReactNode) {
  return <QueryClientProvider client={createQueryClient()}>{ui}</QueryClientProvider>;
}

/** Renders a page at `path` under its route (`pattern`), with a fresh query cache. */
export function renderRoute(path: string, pattern: string, page: ReactElement) {
  return render(
    withQueryClient(
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={pattern} element={page} />
        </Routes>
      </MemoryRouter>,
    ),
  );
}
