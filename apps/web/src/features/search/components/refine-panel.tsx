import { MOBILE_MEDIA_QUERY, type SearchFormData, type SearchResultsValue } from '@shop/contract';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useMediaQuery } from '../../../lib/use-media-query';
import { type RefineSheet, useRefineSheetOpen } from '../refine-sheet';
import { RefineGroups } from './refine-groups';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), summary, [tabindex="0"]';

export interface RefinePanelProps {
  id: string;
  value: SearchResultsValue | null;
  loading: boolean;
  form: SearchFormData;
  onChange: (form: SearchFormData) => void;
  onApply: () => void;
  onClearAll: () => void;
  applyEnabled: boolean;
  clearEnabled: boolean;
  filterCount: number;
  /** Small screens only: larger screens always show the panel. */
  open: boolean;
  small: boolean;
  onClose: () => void;
  currencySymbol: string;
}

/**
 * The refine panel: category radios, locations, the generic facet groups, price bands, on-sale and
 * has-pictures. Choices change the form; Apply turns the form into the URL.
 */
export function RefinePanel({
  id,
  value,
  loading,
  form,
  onChange,
  onApply,
  onClearAll,
  applyEnabled,
  clearEnabled,
  filterCount,
  open,
  small,
  onClose,
  currencySymbol,
}: RefinePanelProps) {
  const rootRef = useRef<HTMLElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const modal = open && small;

  // On a phone the panel is a closed sheet until the shopper opens it: its groups (700-odd
  // elements on a search for phones) are drawn then, not sent in the page and hydrated while
  // nobody sees them (the blocking time budget: the page's parsing, layout and hydration tasks). Worked out here, as
  // the part hydrates after the page: first as the server drew it, then for the screen there is.
  const phone = useMediaQuery(MOBILE_MEDIA_QUERY);
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  const drawGroups = !phone || opened;
  // The tap that opens the sheet draws it with the category group alone, so it paints at once
  // (Interaction to Next Paint); the other groups, below the first screen, follow a frame later.
  const [restDrawn, setRestDrawn] = useState(false);
  const firstOnly = phone && opened && !restDrawn;
  useEffect(() => {
    if (!firstOnly) return;
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => setRestDrawn(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [firstOnly]);

  // Small screens: the open panel covers the page as a modal sheet; focus goes in and stays in.
  useEffect(() => {
    if (!modal) return;
    closeRef.current?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, [modal]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!modal) return;
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !rootRef.current) return;
    const focusable = [...rootRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (element) => element.offsetParent !== null,
    );
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: the role is dialog (modal sheet) on small screens, where aria-modal applies.
    <aside
      ref={rootRef}
      id={id}
      className={`refine${open ? ' refine--open' : ''}`}
      aria-labelledby={`${id}-title`}
      role={modal ? 'dialog' : undefined}
      aria-modal={modal ? true : undefined}
      onKeyDown={onKeyDown}
    >
      <div className="refine__head">
        <h2 id={`${id}-title`} className="refine__title">
          Refine
        </h2>
        <span className="refine__filter-count">
          {filterCount === 0 ? 'No filters' : `${filterCount} ${filterCount === 1 ? 'filter' : 'filters'}`}
        </span>
        <button ref={closeRef} type="button" className="refine__close" onClick={onClose} aria-label="Close filters">
          ×
        </button>
      </div>
      <div className="refine__actions">
        <button type="button" className="refine__clear" onClick={onClearAll} disabled={!clearEnabled}>
          Clear all
        </button>
        <button type="button" className="refine__apply" onClick={onApply} disabled={!applyEnabled}>
          Apply
        </button>
      </div>
      <form
        className="refine__form"
        aria-label="Refine results"
        onSubmit={(event) => {
          event.preventDefault();
          if (applyEnabled) onApply();
        }}
      >
        {value === null && loading ? <p className="refine__waiting">Loading filters...</p> : null}
        {drawGroups ? (
          <RefineGroups
            id={id}
            value={value}
            form={form}
            onChange={onChange}
            currencySymbol={currencySymbol}
            firstOnly={firstOnly}
          />
        ) : null}
      </form>
    </aside>
  );
}

/** The panel with its sheet's state read here: opening the sheet redraws the panel, not the page. */
export function SheetRefinePanel({ sheet, ...props }: Omit<RefinePanelProps, 'open'> & { sheet: RefineSheet }) {
  return <RefinePanel {...props} open={useRefineSheetOpen(sheet)} />;
}
