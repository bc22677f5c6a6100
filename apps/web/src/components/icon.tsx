import type { ReactNode } from 'react';

interface IconDrawing {
  viewBox: string;
  /** The shapes, drawn in currentColor; `filled` for icons with an on state (the wishlist heart). */
  draw: (filled: boolean) => ReactNode;
}

/** Every icon of the shop, drawn once. Add one here rather than inline in a component. */
const ICONS = {
  key: {
    viewBox: '0 0 24 24',
    draw: () => (
      <>
        <circle cx="8" cy="12" r="4.2" fill="none" stroke="currentColor" strokeWidth="1.9" />
        <path
          d="M12.2 12H21M17.5 12v3.2M20.2 12v2.4"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.9"
          strokeLinecap="round"
        />
      </>
    ),
  },
  user: {
    viewBox: '0 0 24 24',
    draw: () => (
      <>
        <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="1.9" />
        <path
          d="M4 20.5c1.3-3.6 4.3-5.5 8-5.5s6.7 1.9 8 5.5"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.9"
          strokeLinecap="round"
        />
      </>
    ),
  },
  'chevron-down': {
    viewBox: '0 0 24 24',
    draw: () => (
      <>
        <path
          d="M6 9l6 6 6-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </>
    ),
  },
  'arrow-up': {
    viewBox: '0 0 24 24',
    draw: () => (
      <>
        <path d="M12 19V5M5 12l7-7 7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
      </>
    ),
  },
  heart: {
    viewBox: '0 0 24 24',
    draw: (filled) => (
      <>
        <path
          d="M12 20.5s-7.5-4.6-9.3-9.1C1.5 8.2 3.4 4.5 7 4.5c2.1 0 3.6 1.2 5 3 1.4-1.8 2.9-3 5-3 3.6 0 5.5 3.7 4.3 6.9-1.8 4.5-9.3 9.1-9.3 9.1z"
          fill={filled ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </>
    ),
  },
  cart: {
    viewBox: '0 0 24 24',
    draw: () => (
      <>
        <path
          d="M3 4h2l2.4 11.2a1.5 1.5 0 0 0 1.5 1.2h8.6a1.5 1.5 0 0 0 1.5-1.1L21 8H6.2"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
        <circle cx="9.5" cy="20" r="1.4" fill="currentColor" />
        <circle cx="17" cy="20" r="1.4" fill="currentColor" />
      </>
    ),
  },
  pause: {
    viewBox: '0 0 16 16',
    draw: () => (
      <>
        <rect x="3" y="2" width="3.5" height="12" rx="1" fill="currentColor" />
        <rect x="9.5" y="2" width="3.5" height="12" rx="1" fill="currentColor" />
      </>
    ),
  },
  play: {
    viewBox: '0 0 16 16',
    draw: () => (
      <>
        <path d="M4 2.5v11l9.5-5.5z" fill="currentColor" />
      </>
    ),
  },
  truck: {
    viewBox: '0 0 24 24',
    draw: () => (
      <>
        <path
          d="M3 7h11v9H3zM14 10h4l3 3v3h-7zM6.5 18.5a1.5 1.5 0 1 0 0-.01M17.5 18.5a1.5 1.5 0 1 0 0-.01"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinejoin="round"
        />
      </>
    ),
  },
  store: {
    viewBox: '0 0 24 24',
    draw: () => (
      <>
        <path
          d="M4 10l1.5-5h13L20 10M4 10v10h16V10M4 10h16M9 20v-5h6v5"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinejoin="round"
        />
      </>
    ),
  },
  pin: {
    viewBox: '0 0 24 24',
    draw: () => (
      <>
        <path
          d="M12 21s-6.5-6.2-6.5-11a6.5 6.5 0 0 1 13 0c0 4.8-6.5 11-6.5 11zM12 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinejoin="round"
        />
      </>
    ),
  },
  'shield-check': {
    viewBox: '0 0 24 24',
    draw: () => (
      <>
        <path
          d="M12 2l7 3v6c0 5-3.5 9-7 11-3.5-2-7-6-7-11V5zM8.5 12l2.5 2.5 4.5-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
        />
      </>
    ),
  },
  camera: {
    viewBox: '0 0 24 24',
    draw: () => (
      <>
        <path
          d="M4 7h3l2-2h6l2 2h3v12H4z M12 10a3.5 3.5 0 1 0 0 7a3.5 3.5 0 0 0 0-7z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
        />
      </>
    ),
  },
  'zoom-in': {
    viewBox: '0 0 24 24',
    draw: () => (
      <>
        <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M15.5 15.5 21 21M10.5 7.5v6M7.5 10.5h6" stroke="currentColor" strokeWidth="2" />
      </>
    ),
  },
  share: {
    viewBox: '0 0 24 24',
    draw: () => (
      <>
        <path
          d="M12 3v12M7 8l5-5 5 5M5 13v7h14v-7"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </>
    ),
  },
  menu: {
    viewBox: '0 0 20 20',
    draw: () => (
      <>
        <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </>
    ),
  },
  'chevron-up': {
    viewBox: '0 0 24 24',
    draw: () => (
      <>
        <path d="M6 14l6-6 6 6" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
      </>
    ),
  },
  star: {
    viewBox: '0 0 24 24',
    draw: () => (
      <>
        <path
          d="M12 3.2l2.6 5.5 6 .7-4.4 4.1 1.2 5.9L12 16.5l-5.4 2.9 1.2-5.9-4.4-4.1 6-.7z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </>
    ),
  },
  filter: {
    viewBox: '0 0 20 20',
    draw: () => (
      <>
        <path d="M2 4h16M5 10h10M8 16h4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
      </>
    ),
  },
  list: {
    viewBox: '0 0 20 20',
    draw: () => (
      <>
        <path d="M2 4h16M2 10h16M2 16h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </>
    ),
  },
  grid: {
    viewBox: '0 0 20 20',
    draw: () => (
      <>
        <path d="M2 2h7v7H2zM11 2h7v7h-7zM2 11h7v7H2zM11 11h7v7h-7z" fill="currentColor" />
      </>
    ),
  },
} satisfies Record<string, IconDrawing>;

type IconName = keyof typeof ICONS;

/** A decorative icon (hidden from assistive technology: its button or link carries the name). */
export function Icon({ name, size = 20, filled = false }: { name: IconName; size?: number; filled?: boolean }) {
  const icon: IconDrawing = ICONS[name];
  return (
    <svg viewBox={icon.viewBox} width={size} height={size} aria-hidden="true" focusable="false">
      {icon.draw(filled)}
    </svg>
  );
}
