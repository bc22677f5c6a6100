import type { ConsoleStaffValue } from '@shop/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/console-ui';
import { removeStaffMember } from './api/admin-staff';
import { StaffMemberForm } from './staff-member-form';

type Member = ConsoleStaffValue['Staff'][number];
export const STAFF_ROLE_LABEL = { store_staff: 'Store staff', marketplace_admin: 'Marketplace admin' } as const;

/**
 * The staff members, each with its role and stores, and the admin's controls: change the role and
 * stores, or remove from the staff (asked first). The admin's own card has none: the server refuses
 * an admin taking their own role away.
 */
export function StaffMembers({
  members,
  stores,
  myEmail,
  storeNames,
  onChanged,
}: {
  members: Member[];
  stores: { Id: number; Name: string }[];
  myEmail: string | null;
  storeNames: (ids: number[]) => string;
  onChanged: (message: string) => void;
}) {
  const [editing, setEditing] = useState<number | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  const [busy, setBusy] = useState(false);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const nameOf = (m: Member) => m.Name || m.Email;

  async function remove(member: Member) {
    setBusy(true);
    try {
      await removeStaffMember(member.UserId);
      setRemoving(null);
      setRemoveError(null);
      onChanged(`${nameOf(member)} is no longer on the staff.`);
    } catch (error) {
      setRemoveError(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <ul className="admin-list">
        {members.map((member) => (
          <li key={member.UserId} className="admin-card">
            <h4>{nameOf(member)}</h4>
            <dl>
              <dt>E-mail</dt>
              <dd>{member.Email}</dd>
              <dt>Role</dt>
              <dd>{STAFF_ROLE_LABEL[member.Role]}</dd>
              <dt>Stores</dt>
              <dd>{member.Role === 'marketplace_admin' ? 'Every store' : storeNames(member.StoreIds)}</dd>
            </dl>
            {member.Email === myEmail ? (
              <p>This is you.</p>
            ) : editing === member.UserId ? (
              <StaffMemberForm
                member={member}
                stores={stores}
                onCancel={() => setEditing(null)}
                onSaved={(saved) => {
                  setEditing(null);
                  onChanged(`${nameOf(saved)} is now ${STAFF_ROLE_LABEL[saved.Role].toLowerCase()}.`);
                }}
              />
            ) : (
              <div className="admin-actions">
                <button type="button" className="button button--secondary" onClick={() => setEditing(member.UserId)}>
                  Change role and stores<span className="visually-hidden"> of {nameOf(member)}</span>
                </button>
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => {
                    setRemoveError(null);
                    setRemoving(member);
                  }}
                >
                  Remove from staff<span className="visually-hidden"> {nameOf(member)}</span>
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={removing !== null}
        title="Remove from the staff?"
        confirmLabel="Remove from staff"
        busy={busy}
        error={removeError}
        onConfirm={() => removing && void remove(removing)}
        onCancel={() => setRemoving(null)}
      >
        <p>
          {removing ? nameOf(removing) : ''} will no longer open the store console. Their account stays, as a
          customer's.
        </p>
      </ConfirmDialog>
    </>
  );
}
