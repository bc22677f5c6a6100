import { useState } from 'react';
import { trackEcommerce } from '../lib/analytics';
import { cartHasCode, useCart } from '../lib/cart';
import { addToCart } from '../lib/cart-api/add-to-cart';
import { useSiteSettings } from '../lib/site-settings';

/** Why a card's Add to cart is off, if it is (spec section 4: card add-to-cart button). */
function cardCartState(item: {
  code: string;
  isAvailable: boolean;
  pickupDisabled: boolean;
  inCart: boolean;
}): 'unavailable' | 'in-cart' | 'pickup-disabled' | 'ready' {
  if (!item.isAvailable) return 'unavailable';
  if (item.inCart) return 'in-cart';
  if (item.pickupDisabled) return 'pickup-disabled';
  return 'ready';
}

/**
 * A card's Add to cart: disabled when unavailable, already in the cart ('Product in cart') or the
 * store disabled pickup. resolveId finds the product id when the card does not carry it.
 */
export function CardAddToCart({
  code,
  title,
  price,
  isAvailable,
  pickupDisabled,
  resolveId,
  onResult,
}: {
  code: string;
  title: string;
  price: number;
  isAvailable: boolean;
  pickupDisabled: boolean;
  resolveId: () => Promise<number>;
  /** Told of success or the error (the wishlist page shows its own notices). */
  onResult?: (error: unknown) => void;
}) {
  const { cart, setCart } = useCart();
  const { Region } = useSiteSettings();
  const [busy, setBusy] = useState(false);
  const state = cardCartState({ code, isAvailable, pickupDisabled, inCart: cartHasCode(cart, code) });
  return (
    <button
      type="button"
      className="button button--yellow card-add-to-cart"
      disabled={state !== 'ready' || busy}
      aria-busy={busy}
      aria-label={state === 'in-cart' ? `${title}: Product in cart` : `Add ${title} to cart`}
      onClick={async () => {
        setBusy(true);
        try {
          setCart(await addToCart(await resolveId()));
          void trackEcommerce('add_to_cart', Region, { item_id: code, item_name: title, price });
          onResult?.(null);
        } catch (error) {
          onResult?.(error);
        } finally {
          setBusy(false);
        }
      }}
    >
      {state === 'in-cart' ? 'Product in cart' : 'Add to cart'}
    </button>
  );
}
