import { useEffect, useRef, useState } from 'react';
import { measureInFrame } from './layout-frame';
import { throttle } from './throttle';

/** The spec's scroll throttle for sticky parts (storefront.md section 9). */
const STICKY_SCROLL_THROTTLE_MS = 20;

/**
 * A value measured from the page's scroll position (a button that appears, a bar that sticks),
 * re-measured on scroll and resize at most once per `ms`.
 */
export function useScrollMeasure<T>(measure: () => T, initial: T, ms = STICKY_SCROLL_THROTTLE_MS): T {
  const [value, setValue] = useState(initial);
  const latestMeasure = useRef(measure);
  latestMeasure.current = measure;
  useEffect(() => {
    const update = throttle(() => setValue(latestMeasure.current()), ms);
    // The first measurement shares the frame's layout with the page's other measurements.
    const cancel = measureInFrame(() => latestMeasure.current(), setValue);
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      cancel();
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
      update.cancel();
    };
  }, [ms]);
  return value;
}
