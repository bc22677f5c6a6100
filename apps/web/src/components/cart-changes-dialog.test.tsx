// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeMessages, changeNoticeKind, confirmDisabled } from '../lib/cart-changes';
import { installDialogPolyfill } from '../test/dialog.js';
import { CartChangesDialog } from './cart-changes-dialog';

beforeAll(() => {
  installDialogPolyfill();
});
afterEach(cleanup);

function renderDialog(changeTypes: number[]) {
  render(
    <CartChangesDialog
      open
      changes={changeTypes.map((types, index) => ({ name: `Item ${index}`, changeTypes: types }))}
      onConfirm={vi.fn()}
      onView={vi.fn()}
      onClose={vi.fn()}
    />,
  );
}

describe('cart change rules', () => {
  it('writes one sentence per flag', () => {
    expect(changeMessages(15, 'Lamp')).toEqual([
      'Lamp: details have changed.',
      'Lamp: price has increased.',
      'Lamp: price has decreased.',
      "Lamp: item no longer available and can't be purchased, remove it from the cart.",
    ]);
    expect(changeMessages(0)).toEqual([]);
  });

  it('is success style only when every change is a price decrease', () => {
    expect(changeNoticeKind([4])).toBe('success');
    expect(changeNoticeKind([4, 4, 0])).toBe('success');
    expect(changeNoticeKind([4, 2])).toBe('warning');
    expect(changeNoticeKind([5])).toBe('warning');
    expect(changeNoticeKind([1])).toBe('warning');
    expect(changeNoticeKind([8])).toBe('warning');
  });

  it('disables Confirm whenever the Availability flag is set (8 to 15), never without it', () => {
    for (const types of [8, 9, 10, 11, 12, 13, 14, 15]) expect(confirmDisabled([types])).toBe(true);
    for (const types of [0, 1, 2, 3, 4, 5, 6, 7]) expect(confirmDisabled([types])).toBe(false);
    expect(confirmDisabled([4, 9])).toBe(true);
    expect(confirmDisabled([2, 13])).toBe(true);
  });
});

describe('CartChangesDialog', () => {
  it('shows a price decrease in success style with Confirm enabled', () => {
    renderDialog([4]);
    expect(screen.getByText('Item 0: price has decreased.').closest('.notice')).toHaveProperty(
      'className',
      'notice notice--success',
    );
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveProperty('disabled', false);
  });

  it('shows a price increase as a warning', () => {
    renderDialog([2]);
    expect(screen.getByRole('alert').className).toBe('notice notice--warning');
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveProperty('disabled', false);
  });

  it('disables Confirm when the item is no longer available', () => {
    renderDialog([10]);
    expect(screen.getByRole('alert').className).toBe('notice notice--warning');
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'View cart' })).toHaveProperty('disabled', false);
  });

  it('disables Confirm for a sold item that also changed price and details (13)', () => {
    renderDialog([13]);
    expect(
      screen.getByText("Item 0: item no longer available and can't be purchased, remove it from the cart."),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveProperty('disabled', true);
  });

  it('shows what the price was and is now, or only the new price when the old is unknown', () => {
    render(
      <CartChangesDialog
        open
        changes={[
          { name: 'Lamp', changeTypes: 2, oldPrice: '$50.00', newPrice: '$55.00' },
          { name: 'Chair', changeTypes: 4, newPrice: '$20.00' },
        ]}
        onConfirm={vi.fn()}
        onView={vi.fn()}
        onClose={vi.fn()}
      />,
    );
    expect(screen.getByText(/Lamp: was/).textContent).toBe('Lamp: was $50.00, now $55.00');
    expect(screen.getByText(/New price/).textContent).toBe('New price: $20.00');
  });

  it('offers Cancel, which closes, when there is no cart to view', () => {
    const onClose = vi.fn();
    render(
      <CartChangesDialog open changes={[{ name: 'Lamp', changeTypes: 2 }]} onConfirm={vi.fn()} onClose={onClose} />,
    );
    expect(screen.queryByRole('button', { name: 'View cart' })).toBeNull();
    screen.getByRole('button', { name: 'Cancel' }).click();
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('Remove in place of a disabled Confirm', () => {
  function renderWithRemove(changeTypes: number[]) {
    const handlers = { onConfirm: vi.fn(), onRemove: vi.fn(), onView: vi.fn(), onClose: vi.fn() };
    render(
      <CartChangesDialog
        open
        changes={changeTypes.map((types, index) => ({ name: `Item ${index}`, changeTypes: types }))}
        viewLabel="Back to your details"
        {...handlers}
      />,
    );
    return handlers;
  }

  it('offers Remove, which takes the sold item out, instead of a Confirm that cannot be pressed', () => {
    const handlers = renderWithRemove([2, 13]);
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    const remove = screen.getByRole('button', { name: 'Remove' }) as HTMLButtonElement;
    expect(remove.disabled).toBe(false);
    remove.click();
    expect(handlers.onRemove).toHaveBeenCalledTimes(1);
    expect(handlers.onConfirm).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Back to your details' })).toBeTruthy();
  });

  it('keeps Confirm when nothing sold', () => {
    renderWithRemove([1, 2]);
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Confirm' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
