import { type ReactNode, useId, useState } from 'react';

/** A disclosure: a button that shows and hides its panel (WAI-ARIA accordion pattern). */
export function Accordion({
  title,
  children,
  defaultOpen = false,
  open: controlledOpen,
  onToggle,
  className = '',
}: {
  title: ReactNode;
  children: ReactNode;
  defaultOpen?: boolean;
  open?: boolean;
  onToggle?: (open: boolean) => void;
  className?: string;
}) {
  const [uncontrolledOpen, setOpen] = useState(defaultOpen);
  const open = controlledOpen ?? uncontrolledOpen;
  const id = useId();
  return (
    <div className={`accordion ${open ? 'accordion--open' : ''} ${className}`}>
      <h3 className="accordion__heading">
        <button
          type="button"
          className="accordion__button"
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          id={`${id}-button`}
          onClick={() => {
            setOpen(!open);
            onToggle?.(!open);
          }}
        >
          <span>{title}</span>
          <span className="accordion__chevron" aria-hidden="true" />
        </button>
      </h3>
      <section className="accordion__panel" id={`${id}-panel`} aria-labelledby={`${id}-button`} hidden={!open}>
        {children}
      </section>
    </div>
  );
}
