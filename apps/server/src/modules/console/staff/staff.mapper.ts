import type { ConsoleMeValue, ConsoleStaffValue, StaffRoleName } from '@shop/contract';
import type { StoreRow } from '../../../db/schema.js';
import type { InvitationRow, StaffListRow } from './staff.repository.js';

/** A staff member as the admin's Staff tab lists them. */
export interface ConsoleStaffMember {
  UserId: number;
  Email: string;
  Name: string;
  Role: StaffRoleName;
  StoreIds: number[];
}

/** Who is asking: their e-mail address, role and the stores of this region they run. */
export function toConsoleMe(email: string, role: StaffRoleName, stores: StoreRow[]): ConsoleMeValue {
  return {
    Email: email,
    Role: role,
    Stores: stores.map((s) => ({ Id: s.id, Name: s.name, Region: s.region })),
  };
}

export function toConsoleStaffMember(member: StaffListRow): ConsoleStaffMember {
  return {
    UserId: member.user_id,
    Email: member.email,
    Name: `${member.first_name} ${member.last_name}`.trim(),
    Role: member.role,
    StoreIds: member.storeIds,
  };
}

export function toConsoleStaff(members: StaffListRow[], invitations: InvitationRow[]): ConsoleStaffValue {
  return {
    Staff: members.map(toConsoleStaffMember),
    Invitations: invitations.map((i) => ({
      Id: i.id,
      Email: i.email,
      Role: i.role,
      StoreIds: JSON.parse(i.store_ids) as number[],
      ExpiresAt: new Date(i.expires_at).toISOString(),
      AcceptedAt: i.accepted_at === null ? null : new Date(i.accepted_at).toISOString(),
    })),
  };
}
