import { type ConsoleOrder, formatMoney, type Region } from '@shop/contract';
import { consoleDate } from './order-labels';

type Line = ConsoleOrder['Lines'][number];

/** The store's items of the order: price (and discount), cancelled ones marked with their refund, a Cancel button where allowed. */
export function OrderLines({
  order,
  region,
  onCancel,
}: {
  order: ConsoleOrder;
  region: Region;
  onCancel: ((line: Line) => void) | null;
}) {
  return (
    <ul className="console-lines">
      {order.Lines.map((line) => (
        <li key={line.Code} className={line.Cancelled ? 'console-line console-line--cancelled' : 'console-line'}>
          <div className="console-line__text">
            <p className="console-line__title">{line.Title}</p>
            <p className="console-line__meta">
              {line.ItemType} · Item ID {line.Code}
            </p>
            {line.Cancelled ? (
              <p className="console-line__cancelled">
                <strong>Cancelled</strong>
                {line.CancelledAt ? ` ${consoleDate(line.CancelledAt, region)}` : ''}
                {line.Refund ? ` · refunded ${line.Refund}` : ''}
                {order.Payment.PaidOnline ? '' : ' · nothing to refund (pay in store)'}
              </p>
            ) : null}
            {line.RefundFailed ? (
              <p className="console-line__failed" role="note">
                The refund failed at the payment provider: follow it up with the shopper or the provider.
              </p>
            ) : null}
          </div>
          <p className="console-line__price">
            {line.DiscountMinor > 0 ? (
              <>
                <s>{line.Price}</s> {formatMoney(line.PriceMinor - line.DiscountMinor, region)}
              </>
            ) : (
              line.Price
            )}
          </p>
          {onCancel && line.CanCancel ? (
            <button
              type="button"
              className="button button--secondary console-line__cancel"
              onClick={() => onCancel(line)}
              aria-label={`Cancel item: ${line.Title} (${line.Code})`}
            >
              Cancel item
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
