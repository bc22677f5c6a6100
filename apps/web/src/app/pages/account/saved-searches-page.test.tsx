// @vitest-environment jsdom
import type { SavedSearch } from '@shop/contract';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Viewer, ViewerContext } from '../../../lib/viewer';
import { installDialogPolyfill } from '../../../test/dialog.js';
import { envelope, type RecordedCall, stubFetch } from '../../../test/fetch-stub';
import { withQueryClient } from '../../../test/query-wrapper';
import { SavedSearchesPage, searchIdFrom } from './saved-searches-page';

configure({ asyncUtilTimeout: 5000 });

const CUSTOMER: Viewer = { kind: 'customer', email: 'ada@example.com', firstName: 'Ada', lastName: 'L' };

function search(id: number, over: Partial<SavedSearch> = {}): SavedSearch {
  return {
    Id: id,
    Name: `Search ${id}`,
    SearchUrl: `/search-results?query=phone${id}&location=NSW`,
    SearchTerm: `phone${id}`,
    FiltersNumber: 2,
    NotificationFrequency: 1,
    Email: 'ada@example.com',
    ...over,
  };
}

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function renderAt(path: string) {
  render(
    withQueryClient(
      <ViewerContext.Provider value={CUSTOMER}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/my-account/saved-searches/*" element={<SavedSearchesPage />} />
          </Routes>
          <Where />
        </MemoryRouter>
      </ViewerContext.Provider>,
    ),
  );
}

function reply(wasSuccessful: boolean, value: unknown): Response {
  return new Response(JSON.stringify({ WasSuccessful: wasSuccessful, Value: value, Message: null }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
}

function stubList(searches: SavedSearch[], extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    'GET /c3api/savedsearch/list': () => envelope({ searches, totalSearches: searches.length }),
    ...extra,
  });
}

const posted = (calls: RecordedCall[], path: string) => calls.filter((c) => c.url === path).map((c) => c.body);

function stubPhone(phone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: phone && query.includes('max-width'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

beforeEach(() => {
  stubPhone(false);
  installDialogPolyfill();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Saved Searches', () => {
  it('lists the searches under Current searches with Title, Frequency and Modify', async () => {
    stubList([search(1), search(2, { FiltersNumber: 1, NotificationFrequency: 4, SearchTerm: '' })]);
    renderAt('/my-account/saved-searches');
    expect(screen.getByRole('heading', { level: 1, name: 'Saved Searches' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Current searches' })).toBeTruthy();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(within(crumbs).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/my-account');
    expect(within(crumbs).getByText('Saved Searches').getAttribute('aria-current')).toBe('page');
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Title', 'Frequency', 'Modify']);
    const [, first, second] = within(table).getAllByRole('row') as HTMLElement[];
    if (!first || !second) throw new Error('rows');
    expect(within(first).getByRole('link', { name: 'Search 1' }).getAttribute('href')).toBe(
      '/search-results?query=phone1&location=NSW',
    );
    expect(within(first).getByText('Results for \u2018phone1\u2019 with 2 filters')).toBeTruthy();
    expect(within(first).getByText('Daily')).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Edit Search 1' }).textContent).toBe('Edit');
    expect(within(first).getByRole('button', { name: 'Delete Search 1' }).textContent).toBe('Delete');
    expect(within(second).getByText('Hourly')).toBeTruthy();
    expect(within(second).getByText('Results for all items with 1 filter')).toBeTruthy();
  });

  it('shows cards on a phone, with the same parts and no table', async () => {
    stubPhone(true);
    stubList([search(1)]);
    renderAt('/my-account/saved-searches');
    const cards = await screen.findByRole('list', { name: 'Current searches' });
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(cards).getByRole('link', { name: 'Search 1' })).toBeTruthy();
    expect(within(cards).getByText('Daily')).toBeTruthy();
    expect(within(cards).getByRole('button', { name: 'Edit Search 1' })).toBeTruthy();
  });

  it('explains the star when there are no searches', async () => {
    stubList([]);
    renderAt('/my-account/saved-searches');
    expect(await screen.findByText('You have no saved searches yet.')).toBeTruthy();
    expect(screen.getByText(/select the star/)).toBeTruthy();
  });

  it('edits a search: the form with Name, then Search updated, and the row changes', async () => {
    const user = userEvent.setup();
    const calls = stubList([search(1), search(2)], {
      'POST /c3api/savedsearch/edit': () => reply(true, null),
    });
    renderAt('/my-account/saved-searches');
    await user.click(await screen.findByRole('button', { name: 'Edit Search 2' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit saved search' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
    expect(name.value).toBe('Search 2');
    expect((within(dialog).getByRole('radio', { name: 'Daily' }) as HTMLInputElement).checked).toBe(true);
    await user.clear(name);
    await user.type(name, 'Cheap phones');
    await user.click(within(dialog).getByRole('radio', { name: 'Monthly' }));
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    const done = await screen.findByRole('dialog', { name: 'Search updated' });
    expect(within(done).getByText('Your search has been updated.')).toBeTruthy();
    expect(posted(calls, '/c3api/savedsearch/edit')).toEqual([
      { Id: 2, Name: 'Cheap phones', Email: 'ada@example.com', NotificationFrequency: 3, VerificationCode: null },
    ]);
    await user.click(within(done).getByRole('button', { name: 'OK' }));
    const row = screen.getByRole('link', { name: 'Cheap phones' }).closest('tr') as HTMLElement;
    expect(within(row).getByText('Monthly')).toBeTruthy();
    // The list was asked for once: the change is local.
    expect(calls.filter((c) => c.url === '/c3api/savedsearch/list')).toHaveLength(1);
  });

  it('shows the generic notice when an edit fails without a verification error', async () => {
    const user = userEvent.setup();
    stubList([search(1)], { 'POST /c3api/savedsearch/edit': () => reply(false, null) });
    renderAt('/my-account/saved-searches');
    await user.click(await screen.findByRole('button', { name: 'Edit Search 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit saved search' });
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Sorry, an error has occurred, please try again soon.',
    );
  });

  it('opens the edit form of the search named in the path, and leaves the path when it closes', async () => {
    const user = userEvent.setup();
    stubList([search(1), search(7)]);
    renderAt('/my-account/saved-searches/7');
    const dialog = await screen.findByRole('dialog', { name: 'Edit saved search' });
    expect((within(dialog).getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Search 7');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/my-account/saved-searches'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('deletes after asking, and the list and its total shrink', async () => {
    const user = userEvent.setup();
    const calls = stubList([search(1), search(2)], {
      'POST /c3api/savedsearch/delete': () => envelope(null),
    });
    renderAt('/my-account/saved-searches');
    await user.click(await screen.findByRole('button', { name: 'Delete Search 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this search?' });
    expect(
      within(dialog).getByText('Do you wish to delete \u2018Search 1\u2019 from your saved searches?'),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(posted(calls, '/c3api/savedsearch/delete')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Delete Search 1' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete this search?' })).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Search 1' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Search 2' })).toBeTruthy();
    expect(posted(calls, '/c3api/savedsearch/delete')).toEqual([{ Id: 1 }]);
    await user.click(screen.getByRole('button', { name: 'Delete Search 2' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete this search?' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('You have no saved searches yet.')).toBeTruthy();
  });

  it('reads the search id from the path', () => {
    expect(searchIdFrom('12')).toBe(12);
    expect(searchIdFrom('12/extra')).toBe(12);
    expect(searchIdFrom('')).toBeNull();
    expect(searchIdFrom(undefined)).toBeNull();
    expect(searchIdFrom('abc')).toBeNull();
    expect(searchIdFrom('0')).toBeNull();
    expect(searchIdFrom('99999999999')).toBeNull();
  });
});
