import { useEffect, useState } from 'react';

/**
 * Whether `element` has come within `margin` of the screen (and stays true once it has): for work
 * a part below the fold does not need until the shopper scrolls towards it, such as starting a
 * carousel (the blocking time budget: starting the similar items' carousel was a 100 ms task at a
 * phone's speed on every product page). Without IntersectionObserver it is true at once.
 */
export function useNearScreen(element: Element | null, margin = '600px'): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (near || !element) return;
    if (typeof IntersectionObserver !== 'function') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, margin, near]);
  return near;
}
