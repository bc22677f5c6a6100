import type { AdminStaffBody, ConsoleInviteBody, ConsoleStaffValue } from '@shop/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../../lib/api-client';
import { useApiQuery } from '../../../../lib/use-api-query';
import { consoleKey } from '../../../lib/get-console-me';

type ConsoleStaffMember = ConsoleStaffValue['Staff'][number];

export const adminStaffKey = consoleKey('admin', 'staff');

/** GET /c3api/console/staff: staff members and recent invitations. */
export function getAdminStaff(signal?: AbortSignal): Promise<ConsoleStaffValue> {
  return apiGet<ConsoleStaffValue>('/c3api/console/staff', signal);
}

export function adminStaffQueryOptions() {
  return queryOptions({ queryKey: adminStaffKey, queryFn: ({ signal }) => getAdminStaff(signal), retry: false });
}

export function useAdminStaff() {
  return useApiQuery(adminStaffQueryOptions());
}

/** POST /c3api/console/invitations: e-mails a single-use link, good for 7 days. */
export function inviteStaff(body: ConsoleInviteBody): Promise<{ Id: number; ExpiresAt: string }> {
  return apiPost<{ Id: number; ExpiresAt: string }>('/c3api/console/invitations', body);
}

/** POST /c3api/console/admin/staff/{userId}: the member's role and this region's stores they run. */
export function setStaffMember(userId: number, body: AdminStaffBody): Promise<ConsoleStaffMember> {
  return apiPost<ConsoleStaffMember>(`/c3api/console/admin/staff/${userId}`, body);
}

/** POST /c3api/console/admin/staff/{userId}/remove: the role taken away (the account stays). */
export function removeStaffMember(userId: number): Promise<{ Id: number }> {
  return apiPost<{ Id: number }>(`/c3api/console/admin/staff/${userId}/remove`, {});
}
