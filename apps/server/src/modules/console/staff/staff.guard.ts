import { ADMIN_ONLY_MESSAGE, NO_SUCH_STORE_MESSAGE, STAFF_ONLY_MESSAGE } from '@shop/contract';
import type { StoreRow } from '../../../db/schema.js';
import type { Ctx } from '../../../lib/context.js';
import { HttpError, NotFoundError } from '../../../lib/errors.js';
import type { StoresService } from '../../stores/stores.service.js';
import { type StaffRecord, StaffRepository } from './staff.repository.js';

/** Who passed the guard: their account and role. */
export interface StaffCaller {
  userId: number;
  staff: StaffRecord;
}

/** Who passed a store's guard: their account, role and the store. */
export type StoreStaffCaller = StaffCaller & { store: StoreRow };

/**
 * The console's one check, run before every call's body is read and again by every service call.
 * It reads the role from the database each time, so a change holds from the member's next request:
 * - a guest: 401 (the route helper, before the guard);
 * - a signed-in customer with no staff role: 403;
 * - store staff asking for a store they do not run, or a store of another region, or a store that
 *   does not exist: the same 404, so nobody learns which stores exist or whom they belong to.
 */
export class StaffGuard {
  constructor(
    private readonly stores: Pick<StoresService, 'storeById'>,
    private readonly repository = new StaffRepository(),
  ) {}

  /** Any staff member (store staff or admin), else 401/403. */
  async requireStaffMember(ctx: Ctx): Promise<StaffCaller> {
    if (ctx.viewer.kind !== 'customer') throw new HttpError(401, 'Please sign in to continue.');
    const staff = await this.repository.staffOf(ctx, ctx.viewer.userId);
    if (!staff) throw new HttpError(403, STAFF_ONLY_MESSAGE);
    return { userId: ctx.viewer.userId, staff };
  }

  /** The one check of every store call: staff of this store (or an admin), else 401/403/404. */
  async requireStaff(ctx: Ctx, storeId: number): Promise<StoreStaffCaller> {
    const caller = await this.requireStaffMember(ctx);
    const runsIt = caller.staff.role === 'marketplace_admin' || caller.staff.storeIds.includes(storeId);
    const store = runsIt ? await this.stores.storeById(ctx, storeId) : null;
    if (!store) throw new NotFoundError(NO_SUCH_STORE_MESSAGE);
    return { ...caller, store };
  }

  /** The one check of every marketplace call: an admin, else 401/403. */
  async requireAdmin(ctx: Ctx): Promise<StaffCaller> {
    const caller = await this.requireStaffMember(ctx);
    if (caller.staff.role !== 'marketplace_admin') throw new HttpError(403, ADMIN_ONLY_MESSAGE);
    return caller;
  }
}
