/** Changing step scrolls to it over 400 ms (checkout.md sections 4 and 9). */
const SCROLL_DURATION_MS = 400;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** The element's top on the page, less the room fixed bars take (html's scroll-padding-top). */
function pageTopOf(element: Element): number {
  const padding = Number.parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
  return Math.max(0, element.getBoundingClientRect().top + window.scrollY - padding);
}

/**
 * Scrolls the window to `top` over `duration` ms (ease in and out), or at once when the shopper
 * prefers reduced motion. Resolves when it is there.
 */
export function scrollWindowTo(top: number, duration = SCROLL_DURATION_MS): Promise<void> {
  const start = window.scrollY;
  const distance = top - start;
  if (prefersReducedMotion() || duration <= 0 || Math.abs(distance) < 1 || !window.requestAnimationFrame) {
    window.scrollTo(0, top);
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    let began: number | null = null;
    const step = (now: number) => {
      began ??= now;
      const progress = Math.min(1, (now - began) / duration);
      const eased = progress < 0.5 ? 2 * progress * progress : 1 - (-2 * progress + 2) ** 2 / 2;
      window.scrollTo(0, start + distance * eased);
      if (progress < 1) window.requestAnimationFrame(step);
      else resolve();
    };
    window.requestAnimationFrame(step);
  });
}

/** Scrolls to an element (a checkout step) over 400 ms. */
export function scrollToElement(element: Element, duration = SCROLL_DURATION_MS): Promise<void> {
  return scrollWindowTo(pageTopOf(element), duration);
}
