// @vitest-environment jsdom
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SITE_SETTINGS, SiteSettingsContext, siteSettingsFrom } from '../../../lib/site-settings';
import { GUEST, type Viewer, ViewerContext } from '../../../lib/viewer';
import { installDialogPolyfill } from '../../../test/dialog.js';
import { envelope, stubFetch } from '../../../test/fetch-stub';
import { withQueryClient } from '../../../test/query-wrapper';
import { ALERT_ME_TEXT, AlertMeButton } from './alert-me-button';
import { PENDING_SAVED_SEARCH_KEY } from './save-search-control';

configure({ asyncUtilTimeout: 5000 });

const CUSTOMER: Viewer = { kind: 'customer', email: 'ada@example.com', firstName: 'Ada', lastName: 'L' };
const SOLD_PAGE = '/product/SH1/brass-lamp';
const LIKE_IT = '/search-results?category=lamps&brand=brassworks';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function renderButton(viewer: Viewer, enabled = true) {
  const settings = siteSettingsFrom({ ...DEFAULT_SITE_SETTINGS, SavedSearchesEnabled: enabled });
  return render(
    withQueryClient(
      <SiteSettingsContext.Provider value={settings}>
        <ViewerContext.Provider value={viewer}>
          <MemoryRouter initialEntries={[SOLD_PAGE]}>
            <Routes>
              <Route path="*" element={<AlertMeButton searchUrl={LIKE_IT} title="Brass lamp" />} />
            </Routes>
            <Where />
          </MemoryRouter>
        </ViewerContext.Provider>
      </SiteSettingsContext.Provider>,
    ),
  );
}

beforeEach(() => {
  window.sessionStorage.clear();
  installDialogPolyfill();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Alert me when one comes in', () => {
  it('is not offered while saved searches are off', () => {
    stubFetch({});
    renderButton(CUSTOMER, false);
    expect(screen.queryByRole('button', { name: ALERT_ME_TEXT })).toBeNull();
  });

  it('sends a visitor to sign in and back to this page, where the form then opens by itself', async () => {
    const user = userEvent.setup();
    stubFetch({});
    renderButton(GUEST);
    await user.click(screen.getByRole('button', { name: ALERT_ME_TEXT }));
    const dialog = screen.getByRole('dialog', { name: ALERT_ME_TEXT });
    expect(within(dialog).getByText('To get an alert when one comes in, please login or register')).toBeTruthy();
    const link = within(dialog).getByRole('link', { name: 'Login / Register' });
    expect(link.getAttribute('href')).toBe(`/login?returnUrl=${encodeURIComponent(SOLD_PAGE)}`);
    expect(window.sessionStorage.getItem(PENDING_SAVED_SEARCH_KEY)).toBe(`alert:${SOLD_PAGE}`);
    cleanup();
    // Signed in and back on the page: the form for the search like this item, named after it.
    renderButton(CUSTOMER);
    const form = await screen.findByRole('dialog', { name: 'Save this search' });
    expect((within(form).getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe('Brass lamp');
    expect(window.sessionStorage.getItem(PENDING_SAVED_SEARCH_KEY)).toBeNull();
  });

  it("saves a customer's search for items like this one", async () => {
    const user = userEvent.setup();
    const calls = stubFetch({ 'POST /c3api/savedsearch/add': () => envelope({}) });
    renderButton(CUSTOMER);
    await user.click(screen.getByRole('button', { name: ALERT_ME_TEXT }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
    await user.click(within(dialog).getByRole('radio', { name: 'Daily' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls[0]?.body).toMatchObject({
      Title: 'Brass lamp',
      Email: 'ada@example.com',
      NotificationFrequency: 1,
      SearchUrl: LIKE_IT,
    });
    expect(await screen.findByText('Your search has been saved.')).toBeTruthy();
  });
});
