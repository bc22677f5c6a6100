import { useId } from 'react';
import './sort-dropdown.css';

export interface SortDropdownOption {
  value: string;
  label: string;
}

/** A labelled native select: keyboard, screen readers and phones get their own familiar control. */
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
  return (
    <div className={`sort-dropdown ${className}`}>
      <label htmlFor={id} className="sort-dropdown__label">
        {label}
      </label>
      <select
        id={id}
        className="sort-dropdown__select"
        value={value}
        onChange={(event) => onChange(event.target.value)}
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
