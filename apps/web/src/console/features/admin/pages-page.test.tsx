// @vitest-environment jsdom
import type { AdminPage } from '@shop/contract';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, invalidInputReply, stubFetch } from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/query-wrapper';
import { PagesPage } from './pages-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const page = (slug: string, title: string): AdminPage => ({
  Slug: slug,
  Title: title,
  Description: `About ${title}.`,
  BodyHtml: `<p>${title} in full.</p>`,
  Url: `/help/${slug}`,
});
const PAGES = [page('terms-and-conditions', 'Terms and Conditions'), page('returns', 'Returns and refunds')];

function renderPages(save: Parameters<typeof stubFetch>[0][string]) {
  const calls = stubFetch({
    'GET /c3api/console/admin/pages': () => envelope({ Pages: PAGES }),
    'POST /c3api/console/admin/pages/returns': save,
  });
  renderRoute('/store-console/admin/pages', '/store-console/admin/pages', <PagesPage />);
  return calls;
}

describe('PagesPage (the marketplace admin)', () => {
  it("lists the region's help pages and saves a page's new words", async () => {
    const calls = renderPages((call) => envelope({ ...PAGES[1], ...(call.body as object) }));
    expect(await screen.findByRole('heading', { name: 'Terms and Conditions' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Returns and refunds' }));
    const form = screen.getByRole('form', { name: 'Edit “Returns and refunds”' });
    // It opens above the list: its first field takes focus, which brings it into view.
    expect(document.activeElement).toBe(within(form).getByLabelText('Title'));
    expect((within(form).getByLabelText('Page text') as HTMLTextAreaElement).value).toBe(
      '<p>Returns and refunds in full.</p>',
    );
    fireEvent.change(within(form).getByLabelText('Summary'), { target: { value: 'Returns within 30 days.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save the page' }));
    expect(await screen.findByText(/is saved/)).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/c3api/console/admin/pages/returns');
    expect(post?.body).toEqual({
      Title: 'Returns and refunds',
      Description: 'Returns within 30 days.',
      BodyHtml: '<p>Returns and refunds in full.</p>',
    });
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('checks the form before sending and shows the server’s refusal beside its field', async () => {
    const calls = renderPages(() => invalidInputReply([{ Field: 'Title', Message: 'Title is already used' }]));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Returns and refunds' }));
    const form = screen.getByRole('form');
    fireEvent.change(within(form).getByLabelText('Summary'), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save the page' }));
    expect(await within(form).findByText(/is required/)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    fireEvent.change(within(form).getByLabelText('Summary'), { target: { value: 'Back within 30 days.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save the page' }));
    expect(await within(form).findByText(/already used/)).toBeTruthy();
  });
});
