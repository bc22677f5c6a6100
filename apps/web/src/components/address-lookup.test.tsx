// @vitest-environment jsdom
import {
  ADDRESS_LINE_MESSAGE,
  ADDRESS_NOT_FOUND_TEXT,
  POSTCODE_REQUIRED_MESSAGE,
  type Region,
  STATE_REQUIRED_MESSAGE,
  SUBURB_REQUIRED_MESSAGE,
  UK_POSTCODE_MESSAGE,
} from '@shop/contract';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AddressParts, EMPTY_ADDRESS } from '../lib/address-parts';
import { envelope, type RecordedCall, stubFetch } from '../test/fetch-stub';
import { withQueryClient } from '../test/query-wrapper';
import { AddressLookup } from './address-lookup';

const SUGGESTIONS = Array.from({ length: 9 }, (_, i) => ({
  Text: `${i + 1} George Street, Sydney NSW 2000`,
  Reference: `ref-${i + 1}`,
}));
const DETAIL = {
  Line1: '3 George Street',
  Line2: '',
  UnitOrLevel: '',
  StreetNumber: '3',
  Street: 'George Street',
  Suburb: 'Sydney',
  State: 'NSW',
  PostCode: '2000',
  BusinessName: 'Acme Pty Ltd',
};

let calls: RecordedCall[];
let suggestions = SUGGESTIONS;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  suggestions = SUGGESTIONS;
  calls = stubFetch({
    'GET /c3api/address': (call) => (call.url.includes('reference=') ? envelope(DETAIL) : envelope(suggestions)),
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

let latest: AddressParts = EMPTY_ADDRESS;
function Harness({ region, initial }: { region: Region; initial: AddressParts }) {
  const [value, setValue] = useState(initial);
  latest = value;
  return (
    <AddressLookup
      region={region}
      label="Billing Address"
      value={value}
      onChange={(next) => {
        latest = next;
        setValue(next);
      }}
    />
  );
}

function renderLookup(region: Region = 'AU', initial: AddressParts = EMPTY_ADDRESS) {
  render(withQueryClient(<Harness region={region} initial={initial} />));
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
}

const lookups = () => calls.filter((call) => call.url.includes('query='));

function errorOf(field: HTMLElement): string | null {
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ');
  return (
    ids.map((id) => document.getElementById(id)).find((el) => el?.className === 'field__error')?.textContent ?? null
  );
}

describe('AddressLookup', () => {
  it('looks up only more than 3 characters, after a 500 ms pause, and shows 7 suggestions', async () => {
    const user = renderLookup();
    const box = screen.getByRole('combobox', { name: 'Billing Address' });
    await user.type(box, '3 Ge');
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(lookups()).toEqual([]);
    await user.clear(box);
    await user.type(box, '3 G');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(lookups()).toEqual([]);
    await user.type(box, 'e');
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(lookups()).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(lookups().map((call) => call.url)).toEqual(['/c3api/address?query=3%20Ge']);
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(7);
    expect(box.getAttribute('aria-expanded')).toBe('true');
  });

  it('moves with the arrow keys, chooses with Enter and fills the parts from the reference', async () => {
    const user = renderLookup();
    const box = screen.getByRole('combobox', { name: 'Billing Address' });
    await user.type(box, '3 George');
    await act(() => vi.advanceTimersByTimeAsync(500));
    await screen.findAllByRole('option');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}');
    expect(box.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[0]?.id);
    await user.keyboard('{Enter}');
    expect(await screen.findByText('3 George Street')).toBeTruthy();
    expect(calls.at(-1)?.url).toBe('/c3api/address?reference=ref-1');
    expect(latest).toEqual({
      BusinessName: 'Acme Pty Ltd',
      Line1: '3 George Street',
      Line2: '',
      Suburb: 'Sydney',
      State: 'NSW',
      PostCode: '2000',
    });
    expect(screen.getByText('Sydney NSW 2000')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Billing Address' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Edit billing address' }));
    expect((screen.getByLabelText('Address line 1') as HTMLInputElement).value).toBe('3 George Street');
  });

  it('keeps the focus in the address group after a suggestion is chosen: on Edit, which reads the address', async () => {
    const user = renderLookup();
    const box = screen.getByRole('combobox', { name: 'Billing Address' });
    await user.type(box, '3 George');
    await act(() => vi.advanceTimersByTimeAsync(500));
    await screen.findAllByRole('option');
    await user.keyboard('{ArrowDown}{Enter}');
    const edit = await screen.findByRole('button', { name: 'Edit billing address' });
    expect(document.activeElement).toBe(edit);
    expect(screen.getByRole('group', { name: 'Billing Address' }).contains(document.activeElement)).toBe(true);
    expect(document.getElementById(String(edit.getAttribute('aria-describedby')))?.textContent).toContain(
      '3 George Street',
    );
  });

  it('puts the focus on the first part to finish when the chosen address lacks one', async () => {
    calls = stubFetch({
      'GET /c3api/address': (call) =>
        call.url.includes('reference=') ? envelope({ ...DETAIL, PostCode: '' }) : envelope(suggestions),
    });
    const user = renderLookup();
    await user.type(screen.getByRole('combobox', { name: 'Billing Address' }), '3 George');
    await act(() => vi.advanceTimersByTimeAsync(500));
    await screen.findAllByRole('option');
    await user.keyboard('{ArrowDown}{Enter}');
    const postcode = await screen.findByLabelText(/^Postcode/);
    await vi.waitFor(() => expect(document.activeElement).toBe(postcode));
  });

  it('chooses a suggestion by click; Escape closes the list', async () => {
    const user = renderLookup();
    const box = screen.getByRole('combobox', { name: 'Billing Address' });
    await user.type(box, '3 George');
    await act(() => vi.advanceTimersByTimeAsync(500));
    await screen.findAllByRole('option');
    await user.keyboard('{Escape}');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    await user.keyboard('{ArrowDown}');
    await user.click(screen.getAllByRole('option')[2] as HTMLElement);
    expect(await screen.findByText('3 George Street')).toBeTruthy();
    expect(calls.at(-1)?.url).toBe('/c3api/address?reference=ref-3');
  });

  it('offers the manual edit when nothing matches, which closes only once the address is valid (AU: a state list)', async () => {
    suggestions = [];
    const user = renderLookup('AU');
    await user.type(screen.getByRole('combobox', { name: 'Billing Address' }), 'Nowhere');
    await act(() => vi.advanceTimersByTimeAsync(500));
    await user.click(await screen.findByRole('button', { name: ADDRESS_NOT_FOUND_TEXT }));
    const done = screen.getByRole('button', { name: 'Use this address' });
    await user.click(done);
    expect(errorOf(screen.getByLabelText('Address line 1'))).toBe(ADDRESS_LINE_MESSAGE);
    expect(errorOf(screen.getByLabelText(/^Suburb/))).toBe(SUBURB_REQUIRED_MESSAGE);
    const state = screen.getByRole('combobox', { name: /^State/ });
    expect(state.tagName).toBe('SELECT');
    expect(errorOf(state)).toBe(STATE_REQUIRED_MESSAGE);
    expect(errorOf(screen.getByLabelText(/^Postcode/))).toBe(POSTCODE_REQUIRED_MESSAGE);
    expect(document.activeElement).toBe(screen.getByLabelText('Address line 1'));
    await user.type(screen.getByLabelText('Address line 1'), '1 Main Road');
    await user.type(screen.getByLabelText(/^Suburb/), 'Hobart');
    await user.selectOptions(state, 'TAS');
    await user.type(screen.getByLabelText(/^Postcode/), '700');
    await user.click(done);
    expect(errorOf(screen.getByLabelText(/^Postcode/))).toBe('Please enter a 4 digit postcode');
    expect(screen.getByRole('button', { name: 'Use this address' })).toBeTruthy();
    await user.type(screen.getByLabelText(/^Postcode/), '0');
    await user.click(done);
    expect(screen.queryByRole('button', { name: 'Use this address' })).toBeNull();
    expect(screen.getByText('Hobart TAS 7000')).toBeTruthy();
  });

  it('always lets the shopper enter the address by hand; the UK types its county', async () => {
    const user = renderLookup('UK');
    await user.click(screen.getByRole('button', { name: 'Enter address manually' }));
    const county = screen.getByLabelText(/^County/);
    expect(county.tagName).toBe('INPUT');
    await user.type(screen.getByLabelText('Address line 1'), '1 Deansgate');
    await user.type(screen.getByLabelText(/^Town or city/), 'Manchester');
    await user.type(screen.getByLabelText(/^Postcode/), '12345');
    await user.click(screen.getByRole('button', { name: 'Use this address' }));
    expect(errorOf(county)).toBe(STATE_REQUIRED_MESSAGE);
    expect(errorOf(screen.getByLabelText(/^Postcode/))).toBe(UK_POSTCODE_MESSAGE);
    await user.type(county, 'Greater Manchester');
    await user.clear(screen.getByLabelText(/^Postcode/));
    await user.type(screen.getByLabelText(/^Postcode/), 'M1 1AE');
    await user.click(screen.getByRole('button', { name: 'Use this address' }));
    const chosen = screen.getByRole('group', { name: 'Billing Address' });
    expect(within(chosen).getByText('Manchester Greater Manchester M1 1AE')).toBeTruthy();
  });

  it('opens an incomplete saved address in the manual edit', () => {
    renderLookup('AU', { ...EMPTY_ADDRESS, Line1: '1 Main Road', Suburb: 'Hobart' });
    expect(screen.getByRole('button', { name: 'Use this address' })).toBeTruthy();
  });
});
