import { useScrollMeasure } from '../lib/use-scroll-measure';
import { Icon } from './icon';

function headerHeight(): number {
  return document.querySelector('body > #root header, header')?.getBoundingClientRect().height ?? 0;
}

/**
 * A "Back to top" button that shows once the page has scrolled past the header's height. It
 * scrolls up and moves focus to the main content, so keyboard users are not left on a button
 * that has just disappeared.
 */
export function ScrollToTop({ focusTarget = '#main' }: { focusTarget?: string }) {
  const visible = useScrollMeasure(() => window.scrollY > Math.max(headerHeight(), 1), false);
  if (!visible) return null;
  return (
    <button
      type="button"
      className="scroll-to-top"
      onClick={() => {
        const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
        window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
        document.querySelector<HTMLElement>(focusTarget)?.focus({ preventScroll: true });
      }}
    >
      <Icon name="arrow-up" size={20} />
      <span className="visually-hidden">Back to top</span>
    </button>
  );
}
