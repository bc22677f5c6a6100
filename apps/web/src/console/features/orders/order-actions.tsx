import type { ConsoleOrder, Region } from '@shop/contract';
import { useState } from 'react';
import { CollectDialog } from './collect-dialog';
import { DispatchForm } from './dispatch-form';
import type { useOrderCommands } from './use-order-commands';

/**
 * The moves the server offers now (`Actions`): ready for pickup, collected (after a dialog that
 * asks for the photo ID check and, pay in store, the payment taken, which is then recorded),
 * dispatched (a form). Cancelling an item is on its line.
 */
export function OrderActions({
  order,
  region,
  commands,
}: {
  order: ConsoleOrder;
  region: Region;
  commands: ReturnType<typeof useOrderCommands>;
}) {
  const { Actions: actions } = order;
  const [collecting, setCollecting] = useState(false);
  const moves = actions.filter((a) => a !== 'cancel-item');
  if (moves.length === 0) return null;
  const payInStore = !order.Payment.PaidOnline;
  const busy = commands.pending !== null;
  return (
    <section className="console-panel console-actions" aria-labelledby="console-actions-title">
      <h2 id="console-actions-title">What to do</h2>
      {actions.includes('ready') ? (
        <div className="console-actions__step">
          <p>When the items are packed and waiting at the counter. The shopper is e-mailed.</p>
          <button type="button" className="button" disabled={busy} onClick={() => commands.run({ kind: 'ready' })}>
            {commands.pending === 'ready' ? 'Marking ready...' : 'Mark ready for pickup'}
          </button>
        </div>
      ) : null}
      {actions.includes('collect') ? (
        <div className="console-actions__step">
          <p>
            {payInStore
              ? `When the shopper has the items and has paid ${order.Totals.Total} at the counter: the payment is recorded.`
              : 'When the shopper has the items (paid online).'}
          </p>
          <button type="button" className="button" disabled={busy} onClick={() => setCollecting(true)}>
            {commands.pending === 'collect'
              ? 'Marking collected...'
              : payInStore
                ? `Mark collected, ${order.Totals.Total} paid`
                : 'Mark collected'}
          </button>
        </div>
      ) : null}
      {actions.includes('collect') ? (
        <CollectDialog
          order={order}
          open={collecting}
          busy={commands.pending === 'collect'}
          onClose={() => setCollecting(false)}
          onConfirm={(body) => {
            void commands.run({ kind: 'collect', body }).then(() => setCollecting(false));
          }}
        />
      ) : null}
      {actions.includes('dispatch') ? (
        <DispatchForm
          region={region}
          busy={busy}
          onDispatch={(body) => commands.run({ kind: 'dispatch', body }, true)}
        />
      ) : null}
    </section>
  );
}
