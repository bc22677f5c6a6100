import { type AdminStaffBodySchema, NO_SUCH_STAFF_MESSAGE, OWN_ROLE_MESSAGE, type StaffRoleName } from '@shop/contract';
import type { z } from 'zod';
import { inTransaction } from '../../db/unit-of-work.js';
import type { Ctx } from '../../lib/context.js';
import { BadRequestError, HttpError, NotFoundError } from '../../lib/errors.js';
import type { StoresService } from '../stores/stores.service.js';
import type { ConsoleRepository } from './console.repository.js';
import type { StaffCaller } from './console.service.js';

export interface AdminStaffDependencies {
  guard: { requireAdmin(ctx: Ctx): Promise<StaffCaller> };
  repository: ConsoleRepository;
  stores: Pick<StoresService, 'storeById'>;
  now: () => number;
}

/** A staff member as the admin's Staff tab lists them. */
export interface AdminStaffMember {
  UserId: number;
  Email: string;
  Name: string;
  Role: StaffRoleName;
  StoreIds: number[];
}

/**
 * The admin changes who runs what: a staff member's role and stores, or their removal (the account
 * stays, as a customer's). The role is read from the database on every console call, so a change
 * holds from the member's next request. Only this region's stores can be given or taken: a store
 * of the other region the member runs stays theirs. An admin cannot demote or remove themselves
 * (409), so the marketplace is never left without the admin who made the change noticing. Each
 * change writes one audit line (staff.edit, staff.remove; store_id null) with before and after,
 * in its transaction; a change to what is already so records nothing.
 */
export class AdminStaff {
  constructor(private readonly deps: AdminStaffDependencies) {}

  async setStaff(ctx: Ctx, userId: number, body: z.output<typeof AdminStaffBodySchema>): Promise<AdminStaffMember> {
    const admin = await this.deps.guard.requireAdmin(ctx);
    const given = await this.regionStores(ctx, body.Role === 'marketplace_admin' ? [] : body.StoreIds, true);
    await inTransaction(ctx, async (tx) => {
      const before = await this.deps.repository.staffOf(tx, userId);
      if (!before) throw new NotFoundError(NO_SUCH_STAFF_MESSAGE);
      if (userId === admin.userId && body.Role !== 'marketplace_admin') throw new HttpError(409, OWN_ROLE_MESSAGE);
      const ours = new Set(await this.regionStores(tx, before.storeIds, false));
      const kept = before.storeIds.filter((id) => !ours.has(id));
      const storeIds = body.Role === 'marketplace_admin' ? [] : [...new Set([...kept, ...given])].sort((a, b) => a - b);
      if (before.role === body.Role && sameIds(before.storeIds, storeIds)) return;
      await this.deps.repository.setStaff(tx, userId, body.Role, storeIds, this.deps.now());
      await this.record(tx, admin, 'staff.edit', {
        userId,
        before: { role: before.role, storeIds: before.storeIds },
        after: { role: body.Role, storeIds },
      });
    });
    return this.member(ctx, userId);
  }

  async removeStaff(ctx: Ctx, userId: number): Promise<{ Id: number }> {
    const admin = await this.deps.guard.requireAdmin(ctx);
    if (userId === admin.userId) throw new HttpError(409, OWN_ROLE_MESSAGE);
    await inTransaction(ctx, async (tx) => {
      const before = await this.deps.repository.staffOf(tx, userId);
      if (!before) throw new NotFoundError(NO_SUCH_STAFF_MESSAGE);
      await this.deps.repository.removeStaff(tx, userId);
      await this.record(tx, admin, 'staff.remove', {
        userId,
        before: { role: before.role, storeIds: before.storeIds },
      });
    });
    return { Id: userId };
  }

  private async member(ctx: Ctx, userId: number): Promise<AdminStaffMember> {
    const found = (await this.deps.repository.listStaff(ctx)).find((m) => m.user_id === userId);
    if (!found) throw new NotFoundError(NO_SUCH_STAFF_MESSAGE);
    return {
      UserId: found.user_id,
      Email: found.email,
      Name: `${found.first_name} ${found.last_name}`.trim(),
      Role: found.role,
      StoreIds: found.storeIds,
    };
  }

  /**
   * The ids that are stores of this region. With `strict`, any other is a 400 naming it (the
   * admin's own input); without, the others are simply left out (what the member already runs).
   */
  private async regionStores(ctx: Ctx, ids: number[], strict: boolean): Promise<number[]> {
    const found: number[] = [];
    for (const id of new Set(ids)) {
      if (await this.deps.stores.storeById(ctx, id)) found.push(id);
      else if (strict) throw new BadRequestError(`Invalid input. StoreIds: no store ${id} in this region`);
    }
    return found;
  }

  private record(tx: Ctx, admin: StaffCaller, action: string, detail: Record<string, unknown>): Promise<void> {
    return this.deps.repository.audit(tx, {
      store_id: null,
      user_id: admin.userId,
      action,
      order_reference: null,
      item_code: null,
      detail: JSON.stringify(detail),
      created_at: this.deps.now(),
    });
  }
}

function sameIds(a: number[], b: number[]): boolean {
  const x = [...a].sort((m, n) => m - n);
  const y = [...b].sort((m, n) => m - n);
  return x.length === y.length && x.every((id, i) => id === y[i]);
}
