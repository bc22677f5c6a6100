import { type KeyboardEvent, useId, useRef, useState } from 'react';
import './sort-dropdown.css';

interface SortDropdownOption {
  value: string;
  label: string;
}

/**
 * Keys with which a closed select steps through its options, firing a change at each step
 * (arrows, Home/End, Page Up/Down, and type-to-find letters).
 */
function stepsThroughOptions(event: KeyboardEvent<HTMLSelectElement>): boolean {
  if (event.altKey || event.ctrlKey || event.metaKey) return false;
  if (['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown'].includes(event.key))
    return true;
  return event.key.length === 1 && event.key !== ' ';
}

/**
 * A labelled native select: keyboard, screen readers and phones get their own familiar control.
 * Each choice reloads results, so stepping through the options with the keyboard only moves the
 * selection; the sort is chosen with Enter or on leaving the control. A pick with the pointer
 * (or from an open list) chooses at once.
 */
export function SortDropdown({
  label = 'Sort by',
  options,
  value,
  onChange,
  className = '',
}: {
  label?: string;
  options: SortDropdownOption[];
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  const id = useId();
  // The option shown, which may run ahead of the chosen one while the keyboard steps through.
  const [draft, setDraft] = useState({ of: value, shown: value });
  const shown = draft.of === value ? draft.shown : value;
  if (draft.of !== value) setDraft({ of: value, shown: value });
  // Set between a stepping key's keydown and keyup: the change it fires is not yet a choice.
  const stepping = useRef(false);
  // The last choice reported, so leaving the control before the page has caught up asks nothing twice.
  const reported = useRef<{ from: string; to: string } | null>(null);
  const choose = (next: string) => {
    if (next === value || (reported.current?.from === value && reported.current.to === next)) return;
    reported.current = { from: value, to: next };
    onChange(next);
  };
  return (
    <div className={`sort-dropdown ${className}`}>
      <label htmlFor={id} className="sort-dropdown__label">
        {label}
      </label>
      <select
        id={id}
        className="sort-dropdown__select"
        value={shown}
        onKeyDown={(event) => {
          if (stepsThroughOptions(event)) stepping.current = true;
          else if (event.key === 'Enter') {
            event.preventDefault();
            choose(shown);
          }
        }}
        onKeyUp={() => {
          stepping.current = false;
        }}
        onBlur={() => choose(shown)}
        onChange={(event) => {
          const next = event.target.value;
          setDraft({ of: value, shown: next });
          if (!stepping.current) choose(next);
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
