import { useRef, useState } from 'react';
import { useInBrowser } from '../lib/ssr-state';
import { useWishlist } from '../lib/wishlist';
import { Icon } from './icon';

function HeartIcon({ filled = false }: { filled?: boolean }) {
  return <Icon name="heart" size={20} filled={filled} />;
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
  const ref = useRef<HTMLButtonElement>(null);
  // Hydrating, the heart is drawn as the server drew it (the server knows no visitor's list), and
  // then as the list says. A card hydrates in a later task than the page (HydrateLater): given the
  // list straight away, a card whose turn came after the list arrived kept the server's "Add" for
  // good, as hydration does not rewrite attributes (a saved heart looked unsaved after a reload).
  const inBrowser = useInBrowser();
  if (!enabled) return null;
  const inList = inBrowser && codes.has(code);
  const shown = optimistic && pending !== null ? pending : inList;
  return (
    <button
      ref={ref}
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
        await toggle(code, add, { name: title, price, ...(brand ? { brand } : {}) }, ref.current);
        setPending(null);
        setBusy(false);
      }}
    >
      <HeartIcon filled={shown} />
    </button>
  );
}
