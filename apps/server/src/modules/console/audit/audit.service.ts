import type { ConsoleAuditValue } from '@shop/contract';
import type { Ctx } from '../../../lib/context.js';
import type { StaffGuard } from '../staff/staff.guard.js';
import { toConsoleAudit } from './audit.mapper.js';
import { AuditRepository } from './audit.repository.js';

/** One console change to record: who made it, where, and what it carried. */
export interface AuditEntry {
  /** The store changed; null for an admin's change to the whole marketplace. */
  storeId: number | null;
  userId: number;
  /** e.g. 'order.dispatch', 'item.price', 'store.settings'. */
  action: string;
  orderReference?: string | null;
  itemCode?: string | null;
  detail: Record<string, unknown>;
}

/** A line of a store's trail, as the console shows it. */
export interface AuditLine {
  id: number;
  /** Epoch milliseconds. */
  at: number;
  userId: number | null;
  staffEmail: string;
  action: string;
  orderReference: string | null;
  itemCode: string | null;
  detail: Record<string, unknown>;
}

/**
 * The console's audit trail. Every sub-area (stock, fulfilment, settings, staff, admin) records
 * its changes here inside the change's own transaction, so there is a line exactly when something
 * changed: repeats and refusals record nothing because they never reach `record`.
 */
export class ConsoleAuditService {
  constructor(
    private readonly guard: Pick<StaffGuard, 'requireStaff'>,
    private readonly now: () => number,
    private readonly repository = new AuditRepository(),
  ) {}

  /** One line, written with the caller's transaction. */
  record(tx: Ctx, entry: AuditEntry): Promise<void> {
    return this.repository.insert(tx, {
      store_id: entry.storeId,
      user_id: entry.userId,
      action: entry.action,
      order_reference: entry.orderReference ?? null,
      item_code: entry.itemCode ?? null,
      detail: JSON.stringify(entry.detail),
      created_at: this.now(),
    });
  }

  /** A page of the store's trail, newest first. */
  async trail(ctx: Ctx, storeId: number, page: number, pageSize: number): Promise<ConsoleAuditValue> {
    await this.guard.requireStaff(ctx, storeId);
    const [rows, total] = await Promise.all([
      this.repository.page(ctx, storeId, pageSize, (page - 1) * pageSize),
      this.repository.count(ctx, storeId),
    ]);
    const lines: AuditLine[] = rows.map((r) => ({
      id: r.id,
      at: Number(r.created_at),
      userId: r.user_id,
      staffEmail: r.email ?? '',
      action: r.action,
      orderReference: r.order_reference,
      itemCode: r.item_code,
      detail: parseDetail(r.detail),
    }));
    return toConsoleAudit(lines, total, page, pageSize);
  }
}

/** A stored JSON object; anything else (or unreadable) is an empty one. */
export function parseDetail(json: string): Record<string, unknown> {
  try {
    const value = JSON.parse(json) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
