import { type CartItem, formatMoney, type ProductChange } from '@shop/contract';
import { useState } from 'react';
import { ChangeType, changeMessages, hasChange } from '../../../lib/cart-changes';
import { useSiteSettings } from '../../../lib/site-settings';

/**
 * One line of the cart: picture, name, price, Sold, and what changed since the item was added
 * (the cart answers ProductChanges: price up or down, details, availability), in the spec's
 * words, with the price it was added at when the price moved.
 */
export function CartItemRow({
  item,
  change,
  onRemove,
}: {
  item: CartItem;
  change?: ProductChange | undefined;
  onRemove: (item: CartItem) => void | Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const { Region } = useSiteSettings();
  const types = change?.changeTypes ?? 0;
  const priceMoved =
    hasChange(types, ChangeType.PriceIncrease) || hasChange(types, ChangeType.PriceDecrease)
      ? change?.oldPrice
      : undefined;
  const messages = changeMessages(types, item.DisplayName);
  return (
    <li className="cart-item">
      {item.image ? (
        <img className="cart-item__image" src={item.image} alt="" width={96} height={72} />
      ) : (
        <span className="cart-item__image cart-item__image--none" />
      )}
      <div className="cart-item__text">
        <a href={item.productDetailsLink}>{item.DisplayName}</a>
        <p className="cart-item__price">
          {item.Price}
          {priceMoved !== undefined ? (
            <>
              {' '}
              <s className="cart-item__was">
                <span className="visually-hidden">Was </span>
                {formatMoney(priceMoved, Region)}
              </s>
            </>
          ) : null}
        </p>
        {item.IsAvailable ? null : <p className="cart-item__sold">Sold</p>}
        {messages.length > 0 ? (
          <ul className="cart-item__changes">
            {messages.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <button
        type="button"
        className="button button--secondary cart-item__remove"
        aria-label={`Remove ${item.DisplayName}`}
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          try {
            await onRemove(item);
          } finally {
            setBusy(false);
          }
        }}
      >
        Remove
      </button>
    </li>
  );
}
