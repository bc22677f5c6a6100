import type { ConsoleItemStatus } from '@shop/contract';

export const STATUS_LABEL: Record<ConsoleItemStatus, string> = {
  available: 'Available',
  reserved: 'Reserved',
  sold: 'Sold',
  withdrawn: 'Withdrawn',
};

/** An item's status as a badge (its word is the text: colour only supports it). */
export function StatusBadge({ status }: { status: ConsoleItemStatus }) {
  return <span className={`stock-status stock-status--${status}`}>{STATUS_LABEL[status]}</span>;
}
