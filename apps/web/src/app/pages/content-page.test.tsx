// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, stubFetch } from '../../test/fetch-stub';
import { renderRoute } from '../../test/query-wrapper';
import { ContentPage } from './content-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAt(path: string) {
  renderRoute(path, '/help/:slug', <ContentPage />);
}

describe('ContentPage (/help/:slug)', () => {
  it('shows the help page the API answers: title, lead and body, sanitised again', async () => {
    const calls = stubFetch({
      'GET /c3api/content/helppage': () =>
        envelope({
          Slug: 'click-and-collect',
          Title: 'Click & Collect',
          Description: 'Buy online and pick up from your local store.',
          BodyHtml: '<p>Choose store pickup at checkout.<img src="x" onerror="alert(1)"></p>',
        }),
    });
    renderAt('/help/click-and-collect');
    expect(await screen.findByRole('heading', { level: 1, name: 'Click & Collect' })).toBeTruthy();
    expect(screen.getByText('Buy online and pick up from your local store.')).toBeTruthy();
    expect(screen.getByText('Choose store pickup at checkout.')).toBeTruthy();
    expect(document.querySelector('[onerror]')).toBeNull();
    expect(document.title).toContain('Click & Collect');
    expect(calls.map((c) => c.url)).toEqual(['/c3api/content/helppage?slug=click-and-collect']);
    expect(screen.queryByText(/coming soon/i)).toBeNull();
  });

  it('says the page is not found for an unknown slug (404), and asks nothing for one that cannot be a slug', async () => {
    stubFetch({ 'GET /c3api/content/helppage': () => envelope(null, 404, 'No help page') });
    renderAt('/help/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    cleanup();
    const calls = stubFetch({});
    renderAt('/help/Not%20A%20Slug');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
