import type { ConsoleOrder } from '@shop/contract';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { type ConsoleOrderCommand, useOrderCommand } from './api/orders-actions';

export interface CommandOutcome {
  kind: 'success' | 'error';
  text: string;
}

/** What the page says after a command went through, from the order's view afterwards. */
export function successText(command: ConsoleOrderCommand, order: ConsoleOrder): string {
  switch (command.kind) {
    case 'ready':
      return 'Marked ready for pickup. The shopper has been e-mailed.';
    case 'collect':
      return order.Payment.PaidInStore
        ? `Marked collected. Payment of ${order.Payment.PaidInStore} taken in store recorded.`
        : 'Marked collected.';
    case 'dispatch':
      return `Marked dispatched (tracking number ${order.TrackingNumber ?? command.body.TrackingNumber}). The shopper has been e-mailed.`;
    case 'cancel-item': {
      const line = order.Lines.find((l) => l.Code === command.code);
      const title = line ? `${line.Title} (${line.Code})` : command.code;
      const back = command.restock ? ' It is back on sale.' : '';
      if (line?.RefundFailed) {
        return `${title} cancelled.${back} The refund failed at the payment provider: please follow it up with the shopper.`;
      }
      const refund = line?.Refund ? ` Refunded ${line.Refund}.` : '';
      return `${title} cancelled.${refund}${back}`;
    }
  }
}

/**
 * Runs the store's commands on one order and keeps the last outcome to show: a success message,
 * or the server's reason (a 409 says why the move is impossible now). `pending` names the
 * command on its way, so its button can say so and nothing is sent twice.
 */
export function useOrderCommands(storeId: number, reference: string) {
  const mutation = useOrderCommand(storeId, reference);
  const [outcome, setOutcome] = useState<CommandOutcome | null>(null);

  /**
   * Sends a command. Its failure is the page's message, unless `showErrorHere` (a form that shows
   * the server's reason beside its own fields): then it is only handed back.
   */
  async function run(command: ConsoleOrderCommand, showErrorHere = false): Promise<CommandOutcome | null> {
    if (mutation.isPending) return null;
    setOutcome(null);
    let result: CommandOutcome;
    try {
      const order = await mutation.mutateAsync(command);
      result = { kind: 'success', text: successText(command, order) };
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      const conflict = error instanceof ApiError && error.status === 409;
      result = { kind: 'error', text: conflict ? `This could not be done: ${text}` : text };
    }
    if (result.kind === 'success' || !showErrorHere) setOutcome(result);
    return result;
  }

  const pending = mutation.isPending ? (mutation.variables?.kind ?? null) : null;
  return { run, outcome, pending, clear: () => setOutcome(null) };
}
