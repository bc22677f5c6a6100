import { type RefObject, useEffect } from 'react';

/**
 * Bars fixed to the bottom of the window (cookie banner, sticky product toolbar) register their
 * height here. The sum goes into the CSS variable --bottom-inset, which pads the page and the
 * scroll position, so that nothing stays hidden behind them and a focused control is never covered
 * (WCAG 2.4.11).
 */
const heights = new Map<symbol, number>();

function publish() {
  let total = 0;
  for (const h of heights.values()) total += h;
  document.documentElement.style.setProperty('--bottom-inset', `${Math.ceil(total)}px`);
}

export function useBottomInset(ref: RefObject<HTMLElement | null>, active: boolean): void {
  useEffect(() => {
    const element = ref.current;
    if (!active || !element) return;
    const key = Symbol('bottom-bar');
    const measure = () => {
      heights.set(key, element.getBoundingClientRect().height);
      publish();
    };
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      heights.delete(key);
      publish();
    };
  }, [ref, active]);
}
