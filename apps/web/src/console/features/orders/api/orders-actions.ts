import type { ConsoleCollectBody, ConsoleDispatchBody, ConsoleOrder } from '@shop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../../lib/api-client';
import { consoleAuditKey } from './orders-audit';
import { consoleOrderKey } from './orders-detail';
import { consoleOrdersKey } from './orders-list';

/** What the store can do to an order; each call answers the order's view afterwards. */
export type ConsoleOrderCommand =
  | { kind: 'ready' }
  | { kind: 'collect'; body: ConsoleCollectBody }
  | { kind: 'dispatch'; body: ConsoleDispatchBody }
  | { kind: 'cancel-item'; code: string; restock: boolean };

/**
 * POST .../orders/:reference/{ready|collected|dispatched} or .../items/:code/cancel. A repeat
 * answers the same; an impossible move is a 409 with the state machine's reason (ApiError).
 */
export function runOrderCommand(storeId: number, reference: string, command: ConsoleOrderCommand) {
  const base = `/c3api/console/stores/${storeId}/orders/${encodeURIComponent(reference)}`;
  switch (command.kind) {
    case 'ready':
      return apiPost<ConsoleOrder>(`${base}/ready`);
    case 'collect':
      return apiPost<ConsoleOrder>(`${base}/collected`, command.body);
    case 'dispatch':
      return apiPost<ConsoleOrder>(`${base}/dispatched`, command.body);
    case 'cancel-item':
      return apiPost<ConsoleOrder>(`${base}/items/${encodeURIComponent(command.code)}/cancel`, {
        Restock: command.restock,
      });
  }
}

/**
 * Runs one command: the answer becomes the order on screen at once, and the store's lists and
 * audit trail are asked again when next shown.
 */
export function useOrderCommand(storeId: number, reference: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (command: ConsoleOrderCommand) => runOrderCommand(storeId, reference, command),
    onSuccess: (order) => {
      client.setQueryData(consoleOrderKey(storeId, reference), order);
      void client.invalidateQueries({ queryKey: [...consoleOrdersKey(storeId), 'list'] });
      void client.invalidateQueries({ queryKey: consoleAuditKey(storeId) });
    },
  });
}
