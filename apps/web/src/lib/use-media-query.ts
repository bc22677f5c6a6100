import { createContext, useContext, useSyncExternalStore } from 'react';

/**
 * The viewport width (CSS px) the server assumed for its HTML: a phone's when the request came from
 * one (its user agent), a desktop's otherwise; null where no server HTML is involved. Hydration
 * reads media queries at that width, so a phone's first render matches the phone layout the server
 * drew and nothing shifts once the real width is read.
 */
export const ServerViewportContext = createContext<number | null>(null);

/** A phone's and a desktop's width, for the server's guess. */
export const PHONE_VIEWPORT_WIDTH = 390;
export const DESKTOP_VIEWPORT_WIDTH = 1280;

/**
 * Whether a width query (`(max-width: 47.99875em)`, `(min-width: 768px)`, joined by `and`) holds at
 * `width` px; any other feature (motion, hover...) is taken as not matching.
 */
export function matchesAtWidth(query: string, width: number): boolean {
  const parts = query.split(/\s+and\s+/i);
  return parts.every((part) => {
    const match = /^\(\s*(min|max)-width\s*:\s*([\d.]+)(px|em|rem)\s*\)$/i.exec(part.trim());
    if (!match) return false;
    const limit = Number(match[2]) * (match[3]?.toLowerCase() === 'px' ? 1 : 16);
    return match[1]?.toLowerCase() === 'min' ? width >= limit : width <= limit;
  });
}

/** Whether a CSS media query matches now, kept current as the window changes. */
export function useMediaQuery(query: string): boolean {
  const serverWidth = useContext(ServerViewportContext);
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query).matches : false),
    () => (serverWidth === null ? false : matchesAtWidth(query, serverWidth)),
  );
}
