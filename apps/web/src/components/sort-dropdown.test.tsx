// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SortDropdown } from './sort-dropdown';

afterEach(cleanup);

const OPTIONS = [
  { value: 'relevance', label: 'Relevance' },
  { value: 'price+', label: 'Price: low to high' },
  { value: 'price-', label: 'Price: high to low' },
];

/** A page that keeps the chosen sort, as the search and wishlist pages do. */
function Page({ onChange }: { onChange: (value: string) => void }) {
  const [value, setValue] = useState('relevance');
  return (
    <SortDropdown
      options={OPTIONS}
      value={value}
      onChange={(next) => {
        onChange(next);
        setValue(next);
      }}
    />
  );
}

/** What a closed select does on an arrow key: keydown, a change to the next option, keyup. */
function arrowTo(select: HTMLElement, value: string) {
  fireEvent.keyDown(select, { key: 'ArrowDown' });
  fireEvent.change(select, { target: { value } });
  fireEvent.keyUp(select, { key: 'ArrowDown' });
}

describe('SortDropdown', () => {
  it('moves through the options with the arrow keys without choosing, and chooses on Enter', () => {
    const onChange = vi.fn();
    render(<Page onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: 'Sort by' });
    arrowTo(select, 'price+');
    arrowTo(select, 'price-');
    expect(onChange).not.toHaveBeenCalled();
    expect((select as HTMLSelectElement).value).toBe('price-');
    fireEvent.keyDown(select, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith('price-');
    // Leaving afterwards asks nothing again.
    fireEvent.blur(select);
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('chooses what the keyboard left selected on leaving the control', () => {
    const onChange = vi.fn();
    render(<Page onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: 'Sort by' });
    arrowTo(select, 'price+');
    fireEvent.blur(select);
    expect(onChange).toHaveBeenCalledWith('price+');
  });

  it('chooses at once on a pick with the pointer, and again after coming back to the first choice', () => {
    const onChange = vi.fn();
    render(<Page onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: 'Sort by' });
    fireEvent.change(select, { target: { value: 'price-' } });
    expect(onChange).toHaveBeenLastCalledWith('price-');
    fireEvent.change(select, { target: { value: 'relevance' } });
    fireEvent.change(select, { target: { value: 'price-' } });
    expect(onChange.mock.calls.map(([value]) => value)).toEqual(['price-', 'relevance', 'price-']);
  });

  it('leaves the sort alone when Enter or leaving finds nothing new', () => {
    const onChange = vi.fn();
    render(<Page onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: 'Sort by' });
    fireEvent.keyDown(select, { key: 'Enter' });
    fireEvent.blur(select);
    expect(onChange).not.toHaveBeenCalled();
  });
});
