import type { ConsoleOrder, Region } from '@shop/contract';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { Notice } from '../../../components/notice';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { consolePaths, useConsoleStore } from '../../lib/use-console-store';
import { useConsoleOrder } from './api/orders-detail';
import { CancelItemDialog } from './cancel-item-dialog';
import { OrderActions } from './order-actions';
import { OrderFacts } from './order-facts';
import { STATE_LABELS } from './order-labels';
import { OrderLines } from './order-lines';
import { useOrderCommands } from './use-order-commands';

type Line = ConsoleOrder['Lines'][number];

/**
 * /store-console/stores/:storeId/orders/:reference: one order as the store sees it (its own
 * shipment), with the moves the server allows now. After each, the page shows the order's new
 * state and says what happened; a refused move shows the server's reason.
 */
export function OrderPage() {
  const { store } = useConsoleStore();
  const { reference = '' } = useParams();
  const order = useConsoleOrder(store.Id, reference);
  useDocumentTitle(`Order ${reference.toUpperCase()}`);
  // Back to the list as it was left (its filter and page), when the order was opened from it.
  const listSearch = (useLocation().state as { listSearch?: unknown } | null)?.listSearch;
  const backTo = `${consolePaths.orders(store.Id)}${typeof listSearch === 'string' && listSearch.startsWith('?') ? listSearch : ''}`;
  const back = (
    <p className="console-back">
      <Link to={backTo}>Back to the orders</Link>
    </p>
  );
  if (order.status === 'loading') return <p role="status">Loading the order...</p>;
  if (order.status === 'error') {
    return (
      <section className="console-section">
        <h1>{order.httpStatus === 404 ? 'Order not found' : 'The order could not be loaded'}</h1>
        <p role="alert">{order.httpStatus === 404 ? 'There is no such order for this store.' : order.message}</p>
        {back}
      </section>
    );
  }
  // Keyed by the order: another order's page starts without this one's message.
  return (
    <OrderView key={order.value.Reference} order={order.value} storeId={store.Id} region={store.Region} back={back} />
  );
}

function OrderView({
  order,
  storeId,
  region,
  back,
}: {
  order: ConsoleOrder;
  storeId: number;
  region: Region;
  back: React.ReactNode;
}) {
  const commands = useOrderCommands(storeId, order.Reference);
  const [cancelling, setCancelling] = useState<Line | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  // After a command the page changes under the keyboard (its button may be gone): focus the message.
  useEffect(() => {
    if (commands.outcome) outcomeRef.current?.focus();
  }, [commands.outcome]);
  const canCancel = order.Actions.includes('cancel-item');

  return (
    <article className="console-order" aria-labelledby="console-order-title">
      {back}
      <header className="console-order__head">
        <h1 id="console-order-title">Order {order.Reference}</h1>
        <p className={`console-state console-state--${order.State}`}>{STATE_LABELS[order.State]}</p>
      </header>
      <p className="console-order__next">
        <strong>Next step:</strong> {order.NextStep}
      </p>
      <div ref={outcomeRef} tabIndex={-1} className="console-outcome">
        {commands.outcome ? <Notice kind={commands.outcome.kind}>{commands.outcome.text}</Notice> : null}
      </div>
      <div className="console-order__grid">
        <section className="console-panel console-order__items" aria-labelledby="console-items-title">
          <h2 id="console-items-title">Items</h2>
          <OrderLines order={order} region={region} onCancel={canCancel ? setCancelling : null} />
        </section>
        <OrderActions order={order} region={region} commands={commands} />
        <OrderFacts order={order} region={region} />
      </div>
      <CancelItemDialog
        key={cancelling?.Code ?? 'none'}
        order={order}
        line={cancelling}
        region={region}
        busy={commands.pending === 'cancel-item'}
        onClose={() => setCancelling(null)}
        onConfirm={async (code, restock) => {
          await commands.run({ kind: 'cancel-item', code, restock });
          setCancelling(null);
        }}
      />
    </article>
  );
}
