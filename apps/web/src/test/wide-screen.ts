import { vi } from 'vitest';

/**
 * A desktop screen in jsdom: every media query answers false (no phone layout), and window.scrollTo,
 * which jsdom does not implement, does nothing.
 */
export function stubWideScreen(): void {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  window.matchMedia = vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as unknown as typeof window.matchMedia;
}
