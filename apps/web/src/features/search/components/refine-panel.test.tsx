// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeResults } from '../test-fixtures';
import { RefinePanel, type RefinePanelProps } from './refine-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function screenIsPhone(phone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: phone,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

function props(open: boolean): RefinePanelProps {
  return {
    id: 'refine',
    value: makeResults(),
    loading: false,
    form: {},
    onChange: () => undefined,
    onApply: () => undefined,
    onClearAll: () => undefined,
    applyEnabled: false,
    clearEnabled: false,
    filterCount: 0,
    open,
    small: true,
    onClose: () => undefined,
    currencySymbol: '$',
  };
}

describe('the refine panel on a phone', () => {
  it('draws nothing while the sheet is closed, the category group with the tap that opens it, the rest a frame later', async () => {
    screenIsPhone(true);
    const { rerender } = render(<RefinePanel {...props(false)} />);
    expect(screen.queryByRole('radio', { name: /Phones/ })).toBeNull();

    rerender(<RefinePanel {...props(true)} />);
    expect(screen.getByRole('radio', { name: /Phones/ })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: /Postage/ })).toBeNull();

    await waitFor(() => expect(screen.getByRole('checkbox', { name: /Postage/ })).toBeTruthy());
    expect(screen.getByRole('checkbox', { name: /On sale/ })).toBeTruthy();
  });

  it('draws every group at once on a larger screen', () => {
    screenIsPhone(false);
    render(<RefinePanel {...props(false)} small={false} />);
    expect(screen.getByRole('radio', { name: /Phones/ })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: /Postage/ })).toBeTruthy();
  });
});
