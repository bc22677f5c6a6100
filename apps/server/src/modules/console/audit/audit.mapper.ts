import type { ConsoleAuditValue } from '@shop/contract';
import type { AuditLine } from './audit.service.js';

/** A page of the audit trail in the console's shape. */
export function toConsoleAudit(lines: AuditLine[], total: number, page: number, pageSize: number): ConsoleAuditValue {
  return {
    Entries: lines.map((line) => ({
      Id: line.id,
      At: new Date(line.at).toISOString(),
      UserId: line.userId,
      StaffEmail: line.staffEmail,
      Action: line.action,
      OrderReference: line.orderReference,
      ItemCode: line.itemCode,
      Detail: line.detail,
    })),
    TotalCount: total,
    Page: page,
    PageSize: pageSize,
  };
}
