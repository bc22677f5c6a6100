import type { OrderDetailValue } from '@shop/contract';

type OrderItem = OrderDetailValue['stores'][number]['items'][number];

/** account.md 9: order item images are 266x200. */
export const ORDER_IMAGE_WIDTH = 266;
export const ORDER_IMAGE_HEIGHT = 200;

/**
 * One item of a store's panel: picture (or the placeholder), name, item type, id and price; a
 * discounted item shows the old price struck through with 'was' and the price paid. An item the
 * store cancelled says so, with what was refunded for it.
 */
export function OrderItemRow({ item }: { item: OrderItem }) {
  return (
    <li className={item.cancelled ? 'order-item order-item--cancelled' : 'order-item'}>
      {item.image ? (
        <img
          className="order-item__image"
          src={item.image}
          alt=""
          width={ORDER_IMAGE_WIDTH}
          height={ORDER_IMAGE_HEIGHT}
          loading="lazy"
          decoding="async"
        />
      ) : (
        <span className="order-item__image order-item__image--none" role="img" aria-label="No picture">
          No picture
        </span>
      )}
      <div className="order-item__text">
        <p className="order-item__name">{item.displayName}</p>
        <p className="order-item__meta">{item.itemType}</p>
        <p className="order-item__meta">
          <span className="order-item__id-label">Item ID:</span> {item.id}
        </p>
        {item.cancelled ? (
          <p className="order-item__cancelled">
            <strong>Cancelled by the store</strong>
            {item.refund ? <> · Refunded {item.refund}</> : null}
          </p>
        ) : null}
      </div>
      <p className="order-item__price">
        {item.discountedPrice ? (
          <>
            <span className="order-item__was">
              was <s>{item.price}</s>
            </span>{' '}
            <strong>{item.discountedPrice}</strong>
          </>
        ) : (
          <strong>{item.price}</strong>
        )}
      </p>
    </li>
  );
}
