import type { ConsoleItem } from '@shop/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { Notice } from '../../../components/notice';
import { ApiError } from '../../../lib/api-client';
import { endStockItem, useStockChange } from './api/stock-changes';

type How = 'sell' | 'withdraw';

const ACTION: Record<How, { button: string; question: string; confirm: string; done: string }> = {
  sell: {
    button: 'Mark sold in store',
    question:
      'Mark this item sold in store? It goes off sale in the shop, and shoppers with it in their cart or wishlist see it is no longer available.',
    confirm: 'Yes, mark it sold',
    done: 'Marked sold in store.',
  },
  withdraw: {
    button: 'Withdraw from sale',
    question: 'Withdraw this item from sale? It is no longer shown or sold in the shop.',
    confirm: 'Yes, withdraw it',
    done: 'Withdrawn from sale.',
  },
};

/**
 * Ends the item's time on sale: sold over the counter, or withdrawn. Each asks first (focus moves
 * to the confirmation, and back to its button on Cancel); a 409 shows the server's reason.
 */
export function EndItemActions({
  item,
  storeId,
  onDone,
}: {
  item: ConsoleItem;
  storeId: number;
  onDone: (message: string) => void;
}) {
  const [asking, setAsking] = useState<How | null>(null);
  const end = useStockChange(storeId, (how: How) => endStockItem(storeId, item.Code, how));
  const confirmRef = useRef<HTMLButtonElement>(null);
  const triggers = useRef<Record<How, HTMLButtonElement | null>>({ sell: null, withdraw: null });
  const headingId = useId();

  useEffect(() => {
    if (asking) confirmRef.current?.focus();
  }, [asking]);

  function cancel() {
    const how = asking;
    setAsking(null);
    if (how) requestAnimationFrame(() => triggers.current[how]?.focus());
  }

  async function confirm(how: How) {
    try {
      await end.mutateAsync(how);
      setAsking(null);
      onDone(ACTION[how].done);
      // The page shows the item off sale: its heading is where to carry on.
      requestAnimationFrame(() => document.getElementById('stock-item-title')?.focus());
    } catch {
      // Nothing changed: the reason shows below, and the focus goes back to the action's button.
      setAsking(null);
      requestAnimationFrame(() => triggers.current[how]?.focus());
    }
  }

  return (
    <section className="stock-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>Sold or withdrawn</h2>
      {asking ? (
        <fieldset className="stock-confirm">
          <legend>{ACTION[asking].question}</legend>
          <div className="stock-confirm__buttons">
            <button
              ref={confirmRef}
              type="button"
              className="button"
              disabled={end.isPending}
              onClick={() => void confirm(asking)}
            >
              {end.isPending ? 'Saving...' : ACTION[asking].confirm}
            </button>
            <button type="button" className="button button--secondary" onClick={cancel}>
              Cancel
            </button>
          </div>
        </fieldset>
      ) : (
        <div className="stock-confirm__buttons">
          {(['sell', 'withdraw'] as const).map((how) => (
            <button
              key={how}
              ref={(node) => {
                triggers.current[how] = node;
              }}
              type="button"
              className="button button--secondary"
              onClick={() => {
                end.reset();
                setAsking(how);
              }}
            >
              {ACTION[how].button}
            </button>
          ))}
        </div>
      )}
      {end.isError ? (
        <Notice kind="error">{end.error instanceof ApiError ? end.error.message : 'Nothing was changed.'}</Notice>
      ) : null}
    </section>
  );
}
