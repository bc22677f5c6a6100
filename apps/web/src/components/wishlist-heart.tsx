import { useState } from 'react';
import { useWishlist } from '../lib/wishlist';

export function HeartIcon({ filled = false }: { filled?: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M12 20.5s-7.5-4.6-9.3-9.1C1.5 8.2 3.4 4.5 7 4.5c2.1 0 3.6 1.2 5 3 1.4-1.8 2.9-3 5-3 3.6 0 5.5 3.7 4.3 6.9-1.8 4.5-9.3 9.1-9.3 9.1z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The wishlist heart (spec section 4): busy while the server answers, then the summary decides.
 * On cards a failure silently clears busy; on the product page the toggle is optimistic.
 */
export function WishlistHeart({
  code,
  title,
  price,
  brand,
  optimistic = false,
  className = 'product-card__heart',
}: {
  code: string;
  title: string;
  price: number;
  brand?: string;
  optimistic?: boolean;
  className?: string;
}) {
  const { enabled, codes, toggle } = useWishlist();
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<boolean | null>(null);
  if (!enabled) return null;
  const inList = codes.has(code);
  const shown = optimistic && pending !== null ? pending : inList;
  return (
    <button
      type="button"
      className={`${className}${shown ? ` ${className}--on` : ''}`}
      aria-pressed={shown}
      aria-busy={busy}
      aria-label={shown ? `Remove ${title} from wishlist` : `Add ${title} to wishlist`}
      disabled={busy}
      onClick={async () => {
        const add = !inList;
        setBusy(true);
        if (optimistic) setPending(add);
        await toggle(code, add, { name: title, price, ...(brand ? { brand } : {}) });
        setPending(null);
        setBusy(false);
      }}
    >
      <HeartIcon filled={shown} />
    </button>
  );
}
