import { type RefObject, useLayoutEffect } from 'react';
import { measureInFrame } from '../../lib/layout-frame';

export const STUCK_HEIGHT_VAR = '--header-stuck-h';

/**
 * How much of a sticky element stays on screen once stuck: its height less the part its negative
 * `top` lets scroll away (the phone header keeps only its search row).
 */
export function stuckHeight(element: HTMLElement): number {
  const top = Number.parseFloat(getComputedStyle(element).top);
  return Math.max(0, element.offsetHeight + (Number.isFinite(top) && top < 0 ? top : 0));
}

/**
 * Publishes the sticky header's on-screen height as --header-stuck-h on the root element, kept
 * current as the header changes size (breakpoints, a signed-in name), so the search page's bar can
 * stick just below it and scroll padding keeps focused controls out from under it.
 */
export function usePublishStuckHeight(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    // The stylesheet carries a first guess (layout.css), usually right: writing the variable
    // restyles the whole page (a long task at a phone's speed), so only a different height is
    // written. The current value is read with the height, before any of the frame's writes.
    const read = () => ({
      value: `${stuckHeight(element)}px`,
      current: getComputedStyle(root).getPropertyValue(STUCK_HEIGHT_VAR).trim(),
    });
    const write = ({ value, current }: { value: string; current: string }) => {
      if (value !== current) root.style.setProperty(STUCK_HEIGHT_VAR, value);
    };
    const publish = () => write(read());
    // Before the next paint, with the page's other measurements (one layout for all of them).
    const cancel = measureInFrame(read, write);
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(publish) : null;
    observer?.observe(element);
    // The negative top changes at a breakpoint without the header necessarily changing size.
    window.addEventListener('resize', publish);
    return () => {
      cancel();
      observer?.disconnect();
      window.removeEventListener('resize', publish);
      root.style.removeProperty(STUCK_HEIGHT_VAR);
    };
  }, [ref]);
}
