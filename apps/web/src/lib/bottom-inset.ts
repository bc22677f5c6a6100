import { type RefObject, useEffect } from 'react';
import { writeRule } from './adopted-rule';
import { measureInFrame } from './layout-frame';

/**
 * Bars fixed to the bottom of the window (cookie banner, sticky product toolbar) register their
 * height here. The sum goes into the CSS variable --bottom-inset, which pads the page and the
 * scroll position, so that nothing stays hidden behind them and a focused control is never covered
 * (WCAG 2.4.11).
 */
const heights = new Map<symbol, number>();
let published: string | null = null;

/** The elements whose styles read the inset (styles.css, search.css). */
export const INSET_READERS = 'html, body, .scroll-to-top, .back-to-top';

/** Writes the inset where it is read (adopted-rule.ts): only these elements are restyled. */
function write(value: string) {
  writeRule('bottom-inset', `${INSET_READERS} { --bottom-inset: ${value}; }`, () =>
    document.documentElement.style.setProperty('--bottom-inset', value),
  );
}

function publish() {
  let total = 0;
  for (const h of heights.values()) total += h;
  // Setting the variable restyles what reads it: only when it changes.
  const value = `${Math.ceil(total)}px`;
  if (value === published) return;
  published = value;
  write(value);
}

export function useBottomInset(ref: RefObject<HTMLElement | null>, active: boolean): void {
  useEffect(() => {
    const element = ref.current;
    if (!active || !element) return;
    const key = Symbol('bottom-bar');
    const record = (height: number) => {
      heights.set(key, height);
      publish();
    };
    const measure = () => record(element.getBoundingClientRect().height);
    // The first measurement shares the frame's layout with the page's other measurements.
    const cancel = measureInFrame(() => element.getBoundingClientRect().height, record);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      cancel();
      observer?.disconnect();
      heights.delete(key);
      publish();
    };
  }, [ref, active]);
}
