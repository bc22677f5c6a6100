// @vitest-environment jsdom
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SITE_SETTINGS, SiteSettingsContext, siteSettingsFrom } from '../../../lib/site-settings';
import { GUEST, type Viewer, ViewerContext } from '../../../lib/viewer';
import { installDialogPolyfill } from '../../../test/dialog.js';
import { type RecordedCall, stubFetch } from '../../../test/fetch-stub';
import { withQueryClient } from '../../../test/query-wrapper';
import { PENDING_SAVED_SEARCH_KEY, SaveSearchStar } from './save-search-star';

configure({ asyncUtilTimeout: 5000 });

const CUSTOMER: Viewer = { kind: 'customer', email: 'ada@example.com', firstName: 'Ada', lastName: 'L' };

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function renderStar(url: string, viewer: Viewer, enabled = true) {
  const settings = siteSettingsFrom({ ...DEFAULT_SITE_SETTINGS, SavedSearchesEnabled: enabled });
  return render(
    withQueryClient(
      <SiteSettingsContext.Provider value={settings}>
        <ViewerContext.Provider value={viewer}>
          <MemoryRouter initialEntries={[url]}>
            <Routes>
              <Route path="*" element={<SaveSearchStar />} />
            </Routes>
            <Where />
          </MemoryRouter>
        </ViewerContext.Provider>
      </SiteSettingsContext.Provider>,
    ),
  );
}

/** A reply as the server gives it: 200, WasSuccessful and a Value. */
function reply(wasSuccessful: boolean, value: unknown, message: string | null = null): Response {
  return new Response(JSON.stringify({ WasSuccessful: wasSuccessful, Value: value, Message: message }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
}

const posts = (calls: RecordedCall[], path: string) =>
  calls.filter((call) => call.method === 'POST' && call.url === path).map((call) => call.body);

beforeEach(() => {
  window.sessionStorage.clear();
  installDialogPolyfill();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openForm(url = '/search-results?query=phone&location=NSW') {
  const user = userEvent.setup();
  const calls = stubFetch({});
  renderStar(url, CUSTOMER);
  await user.click(screen.getByRole('button', { name: 'Save this search' }));
  const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
  return { user, calls, dialog };
}

describe('the save-search star', () => {
  it('is not offered while saved searches are off', () => {
    stubFetch({});
    renderStar('/search-results?query=phone', CUSTOMER, false);
    expect(screen.queryByRole('button', { name: 'Save this search' })).toBeNull();
  });

  it('asks a visitor to log in or register and remembers the search', async () => {
    const user = userEvent.setup();
    stubFetch({});
    renderStar('/search-results?query=phone', GUEST);
    await user.click(screen.getByRole('button', { name: 'Save this search' }));
    const dialog = screen.getByRole('dialog', { name: 'Save this search' });
    expect(within(dialog).getByText('To save this search, please login or register')).toBeTruthy();
    const link = within(dialog).getByRole('link', { name: 'Login / Register' });
    expect(link.getAttribute('href')).toBe('/login?returnUrl=%2Fsearch-results%3Fquery%3Dphone');
    expect(window.sessionStorage.getItem(PENDING_SAVED_SEARCH_KEY)).toBe('/search-results?query=phone');
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    await user.click(link);
    expect(screen.getByTestId('where').textContent).toBe('/login?returnUrl=%2Fsearch-results%3Fquery%3Dphone');
  });

  it('opens the form by itself for the search a visitor asked to save, once signed in', async () => {
    stubFetch({});
    window.sessionStorage.setItem(PENDING_SAVED_SEARCH_KEY, '/search-results?query=phone');
    renderStar('/search-results?query=phone', CUSTOMER);
    const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
    expect(within(dialog).getByRole('textbox', { name: 'Email' })).toBeTruthy();
    expect(window.sessionStorage.getItem(PENDING_SAVED_SEARCH_KEY)).toBeNull();
  });

  it('does not open the form for another search than the one remembered', () => {
    stubFetch({});
    window.sessionStorage.setItem(PENDING_SAVED_SEARCH_KEY, '/search-results?query=lamp');
    renderStar('/search-results?query=phone', CUSTOMER);
    expect(screen.queryByRole('dialog', { name: 'Save this search' })).toBeNull();
  });
});

describe('the saved-search form', () => {
  it('prefills the e-mail from the account and offers the five frequencies', async () => {
    const { dialog } = await openForm();
    expect((within(dialog).getByRole('textbox', { name: 'Email' }) as HTMLInputElement).value).toBe('ada@example.com');
    expect((within(dialog).getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe('');
    const group = within(dialog).getByRole('group', { name: 'Notification frequency' });
    const radios = within(group).getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((radio) => radio.labels?.[0]?.textContent)).toEqual([
      'Never',
      'Hourly',
      'Daily',
      'Weekly',
      'Monthly',
    ]);
    expect(radios.map((radio) => radio.value)).toEqual(['0', '4', '1', '2', '3']);
    expect(radios.some((radio) => radio.checked)).toBe(false);
  });

  it('checks every field on submit with the spec messages and sends nothing', async () => {
    const { user, calls, dialog } = await openForm();
    const email = within(dialog).getByRole('textbox', { name: 'Email' });
    await user.clear(email);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getAllByText('This field is required')).toHaveLength(3);
    expect(document.activeElement).toBe(within(dialog).getByRole('textbox', { name: 'Title' }));
    expect(calls).toEqual([]);
  });

  it('checks on input and blur: too long, not an address, trimmed', async () => {
    const { user, dialog } = await openForm();
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    await user.click(title);
    await user.tab();
    expect(within(dialog).getByText('This field is required')).toBeTruthy();
    await user.type(title, '   ');
    expect(within(dialog).getByText('This field is required')).toBeTruthy();
    await user.click(title);
    await user.paste('x'.repeat(257));
    expect(within(dialog).getByText('Please provide a name with 256 or fewer characters.')).toBeTruthy();
    const email = within(dialog).getByRole('textbox', { name: 'Email' });
    await user.clear(email);
    await user.type(email, 'not-an-address');
    expect(within(dialog).getByText('Please enter a valid email address')).toBeTruthy();
    await user.clear(email);
    await user.paste(`${'a'.repeat(60)}@${'b'.repeat(30)}.com`);
    expect(within(dialog).getByText('Please provide an email address with 83 or fewer characters.')).toBeTruthy();
  });

  it('saves the current search with its query, then confirms', async () => {
    const user = userEvent.setup();
    const calls = stubFetch({ 'POST /c3api/savedsearch/add': () => reply(true, null) });
    renderStar('/search-results/grid?query=phone&location=NSW', CUSTOMER);
    await user.click(screen.getByRole('button', { name: 'Save this search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), '  Phones in NSW  ');
    await user.click(within(dialog).getByRole('radio', { name: 'Weekly' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const done = await screen.findByRole('dialog', { name: 'Search saved' });
    expect(within(done).getByText('Your search has been saved.')).toBeTruthy();
    expect(posts(calls, '/c3api/savedsearch/add')).toEqual([
      {
        Title: 'Phones in NSW',
        Email: 'ada@example.com',
        NotificationFrequency: 2,
        VerificationCode: null,
        // The grid is a layout, not part of the search.
        SearchUrl: '/search-results?query=phone&location=NSW',
      },
    ]);
    await user.click(within(done).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks for the code after a verification error, digits only, and sends it with the save', async () => {
    const user = userEvent.setup();
    let tries = 0;
    const calls = stubFetch({
      'POST /c3api/savedsearch/add': () => {
        tries += 1;
        if (tries === 1) return reply(false, { EmailVerificationError: 3, TimeUntilUserCanReattempt: null });
        if (tries === 2) return reply(false, { EmailVerificationError: 2, TimeUntilUserCanReattempt: null });
        return reply(true, null);
      },
      'POST /c3api/emailverification/resendcode': () =>
        reply(false, { EmailVerificationError: 4, TimeUntilUserCanReattempt: 1, Message: 'wait' }),
    });
    renderStar('/search-results?query=phone', CUSTOMER);
    await user.click(screen.getByRole('button', { name: 'Save this search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Phones');
    const email = within(dialog).getByRole('textbox', { name: 'Email' });
    await user.clear(email);
    await user.type(email, 'other@example.com');
    await user.click(within(dialog).getByRole('radio', { name: 'Daily' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const code = await within(dialog).findByRole('textbox', { name: 'Verification code' });
    // Kind 3: the box with no message.
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await user.type(code, '12a-3456789');
    expect((code as HTMLInputElement).value).toBe('123456');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(
        'Sorry, that code does not match. Please recheck the code in the email you received before retrying.',
      ),
    ).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Resend code' }));
    expect(
      await within(dialog).findByText(
        'You have to wait 1 hour(s) before you can request to resend a verification code.',
      ),
    ).toBeTruthy();
    expect(posts(calls, '/c3api/emailverification/resendcode')).toEqual([{ Email: 'other@example.com' }]);

    await user.type(within(dialog).getByRole('textbox', { name: 'Verification code' }), '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByRole('dialog', { name: 'Search saved' });
    expect(
      posts(calls, '/c3api/savedsearch/add').map((body) => (body as { VerificationCode: unknown }).VerificationCode),
    ).toEqual([null, '123456', '654321']);
  });

  it('shows the server message on a failed add, else the generic notice', async () => {
    const user = userEvent.setup();
    let message: string | null = 'You can keep up to 50 saved searches. Please delete one before saving another.';
    stubFetch({ 'POST /c3api/savedsearch/add': () => reply(false, null, message) });
    renderStar('/search-results?query=phone', CUSTOMER);
    await user.click(screen.getByRole('button', { name: 'Save this search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Phones');
    await user.click(within(dialog).getByRole('radio', { name: 'Never' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(message);
    message = null;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(
        'Sorry, an error has occurred, please try again soon.',
      ),
    );
  });

  it('keeps the search bar form from seeing its submit', async () => {
    const user = userEvent.setup();
    stubFetch({ 'POST /c3api/savedsearch/add': () => reply(true, null) });
    const outer = vi.fn((event: React.FormEvent) => event.preventDefault());
    const settings = siteSettingsFrom({ ...DEFAULT_SITE_SETTINGS, SavedSearchesEnabled: true });
    render(
      withQueryClient(
        <SiteSettingsContext.Provider value={settings}>
          <ViewerContext.Provider value={CUSTOMER}>
            <MemoryRouter initialEntries={['/search-results?query=phone']}>
              <form onSubmit={outer}>
                <SaveSearchStar />
              </form>
            </MemoryRouter>
          </ViewerContext.Provider>
        </SiteSettingsContext.Provider>,
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Save this search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Phones');
    await user.click(within(dialog).getByRole('radio', { name: 'Hourly' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByRole('dialog', { name: 'Search saved' });
    expect(outer).not.toHaveBeenCalled();
  });
});
