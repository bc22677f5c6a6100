// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useDismiss } from './use-dismiss';

afterEach(cleanup);

function Popup({ escapeScope }: { escapeScope?: 'document' | 'root' }) {
  const [open, setOpen] = useState(true);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  useDismiss({
    open,
    root,
    onDismiss: () => setOpen(false),
    returnFocus: toggle,
    ...(escapeScope ? { escapeScope } : {}),
  });
  return (
    <>
      <p>Outside</p>
      <div ref={root}>
        <button ref={toggle} type="button" onClick={() => setOpen(true)}>
          Toggle
        </button>
        {open ? <button type="button">Inside</button> : null}
      </div>
    </>
  );
}

describe('useDismiss', () => {
  it('closes on a press outside, not inside', () => {
    render(<Popup />);
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Inside' }));
    expect(screen.queryByRole('button', { name: 'Inside' })).not.toBeNull();
    fireEvent.pointerDown(screen.getByText('Outside'));
    expect(screen.queryByRole('button', { name: 'Inside' })).toBeNull();
  });

  it('closes on Escape and puts focus back on the toggle when focus was inside', () => {
    render(<Popup />);
    const inside = screen.getByRole('button', { name: 'Inside' });
    inside.focus();
    fireEvent.keyDown(inside, { key: 'Escape' });
    expect(screen.queryByRole('button', { name: 'Inside' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Toggle' }));
  });

  it("with escapeScope 'root' hears Escape only from inside", () => {
    render(<Popup escapeScope="root" />);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByRole('button', { name: 'Inside' })).not.toBeNull();
    fireEvent.keyDown(screen.getByRole('button', { name: 'Inside' }), { key: 'Escape' });
    expect(screen.queryByRole('button', { name: 'Inside' })).toBeNull();
  });
});
