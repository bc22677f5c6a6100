// @vitest-environment jsdom
import { IMPORT_FAILED_MESSAGE } from '@shop/contract';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, type RecordedCall, stubFetch } from '../../../test/fetch-stub';
import { renderStock } from './stock-fixtures';

// A shared two-core machine can take more than the default second to answer and render.
configure({ asyncUtilTimeout: 5000 });

const IMPORT = '/c3api/console/stores/7/import';
const CSV =
  'title,category,condition,price,weight_grams,length_cm,width_cm,height_cm,postable\nA guitar,guitars,3,10,1,1,1,1,yes';
let calls: RecordedCall[];
let reply: () => Response;

beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the anti-forgery cookie the server would set
  document.cookie = 'XSRF-TOKEN=csrf-1';
  reply = () => envelope({ Imported: 2, Codes: ['SH1', 'SH2'], Errors: [] });
  calls = stubFetch({ [`POST ${IMPORT}`]: () => reply() });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the CSV import', () => {
  it('imports a chosen .csv file and says how many items came in', async () => {
    const user = userEvent.setup();
    renderStock('/store-console/stores/7/stock/import');
    expect(screen.getByRole('heading', { level: 1, name: 'Import items from CSV' })).toBeTruthy();
    await user.upload(screen.getByLabelText('Choose a .csv file'), new File([CSV], 'items.csv', { type: 'text/csv' }));
    await waitFor(() =>
      expect((screen.getByLabelText('Or paste the CSV text') as HTMLTextAreaElement).value).toBe(CSV),
    );
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const done = await screen.findByText(/Imported 2 items\./);
    expect(done.getAttribute('role')).toBe('status');
    expect(calls).toEqual([expect.objectContaining({ method: 'POST', url: IMPORT, body: { Csv: CSV } })]);
  });

  it('lists every row error as a table (row, column, message) when nothing was imported', async () => {
    reply = () =>
      new Response(
        JSON.stringify({
          WasSuccessful: false,
          Message: IMPORT_FAILED_MESSAGE,
          Value: {
            Imported: 0,
            Codes: [],
            Errors: [
              { Row: 2, Column: 'price', Message: 'must be an amount such as 12.50' },
              { Row: 3, Column: 'category', Message: 'no such category: guitarz' },
            ],
          },
        }),
        { status: 200, headers: { 'Content-Type': 'application/json' } },
      );
    const user = userEvent.setup();
    renderStock('/store-console/stores/7/stock/import');
    await user.click(screen.getByLabelText('Or paste the CSV text'));
    await user.paste(CSV);
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const table = await screen.findByRole('table', { name: '2 errors to correct' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'RowColumnMessage',
      '2pricemust be an amount such as 12.50',
      '3categoryno such category: guitarz',
    ]);
    expect(screen.getByRole('alert').textContent).toBe(IMPORT_FAILED_MESSAGE);
  });

  it('asks for the text before sending anything', async () => {
    const user = userEvent.setup();
    renderStock('/store-console/stores/7/stock/import');
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(screen.getByText('Paste the CSV text or choose a .csv file first.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Or paste the CSV text'));
    expect(calls).toEqual([]);
  });
});
