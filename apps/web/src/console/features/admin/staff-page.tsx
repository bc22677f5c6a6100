import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Notice } from '../../../components/notice';
import { useSiteSettings } from '../../../lib/site-settings';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { dateTime } from '../../components/console-ui';
import { useConsoleMe } from '../../lib/get-console-me';
import { adminStaffKey, useAdminStaff } from './api/admin-staff';
import { InviteForm } from './invite-form';
import { STAFF_ROLE_LABEL, StaffMembers } from './staff-members';

const ROLE = STAFF_ROLE_LABEL;

/** Staff: who holds a role (with the controls to change or remove them), the invitations sent, and a form to invite someone to stores. */
export function StaffPage() {
  useDocumentTitle('Staff - Marketplace admin');
  const staff = useAdminStaff();
  const { Region } = useSiteSettings();
  const me = useConsoleMe();
  const queryClient = useQueryClient();
  const [sent, setSent] = useState<string | null>(null);
  const stores = me.status === 'done' ? me.value.Stores : [];
  const storeNames = (ids: number[]) =>
    ids.length === 0
      ? 'Every store'
      : ids.map((id) => stores.find((s) => s.Id === id)?.Name ?? `store ${id} (other region)`).join(', ');

  return (
    <section aria-labelledby="admin-staff">
      <div className="admin-head">
        <h2 id="admin-staff">Staff</h2>
      </div>
      <InviteForm
        stores={stores}
        onSent={(email) => {
          setSent(`An invitation is on its way to ${email}.`);
          void queryClient.invalidateQueries({ queryKey: adminStaffKey });
        }}
      />
      {sent && <Notice kind="success">{sent}</Notice>}
      {staff.status === 'loading' && <p role="status">Loading the staff...</p>}
      {staff.status === 'error' && <Notice kind="error">{staff.message}</Notice>}
      {staff.status === 'done' && (
        <>
          <h3>Staff members</h3>
          <StaffMembers
            members={staff.value.Staff}
            stores={stores}
            myEmail={me.status === 'done' ? me.value.Email : null}
            storeNames={storeNames}
            onChanged={(message) => {
              setSent(message);
              void queryClient.invalidateQueries({ queryKey: adminStaffKey });
            }}
          />
          <h3>Invitations</h3>
          {staff.value.Invitations.length === 0 ? (
            <p>No invitations yet.</p>
          ) : (
            <ul className="admin-list">
              {staff.value.Invitations.map((invitation) => (
                <li key={invitation.Id} className="admin-card">
                  <h4>{invitation.Email}</h4>
                  <dl>
                    <dt>Role</dt>
                    <dd>{ROLE[invitation.Role]}</dd>
                    <dt>Stores</dt>
                    <dd>{invitation.Role === 'marketplace_admin' ? 'Every store' : storeNames(invitation.StoreIds)}</dd>
                    <dt>Status</dt>
                    <dd>
                      {invitation.AcceptedAt
                        ? `Accepted ${dateTime(invitation.AcceptedAt, Region)}`
                        : Date.parse(invitation.ExpiresAt) < Date.now()
                          ? 'Expired'
                          : `Waiting, until ${dateTime(invitation.ExpiresAt, Region)}`}
                    </dd>
                  </dl>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
