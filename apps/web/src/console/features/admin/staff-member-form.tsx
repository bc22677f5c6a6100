import { AdminStaffBodySchema, type ConsoleStaffValue, type StaffRoleName } from '@shop/contract';
import { SelectField } from '../../../components/form-field';
import { formSender } from '../../../lib/form-sender';
import { useContractForm } from '../../../lib/use-contract-form';
import { FormProblems } from '../../components/console-ui';
import { setStaffMember } from './api/admin-staff';
import { StoreChoices } from './store-choices';

type Member = ConsoleStaffValue['Staff'][number];
const FIELDS = ['Role', 'StoreIds'] as const;

/**
 * Changes a staff member's role and the stores of this region they run. Stores of the other region
 * are not shown and the server keeps them; an admin runs every store, so the list goes.
 */
export function StaffMemberForm({
  member,
  stores,
  onSaved,
  onCancel,
}: {
  member: Member;
  stores: { Id: number; Name: string }[];
  onSaved: (saved: Member) => void;
  onCancel: () => void;
}) {
  const ours = member.StoreIds.filter((id) => stores.some((s) => s.Id === id));
  const form = useContractForm({
    fields: FIELDS,
    validateOnInput: 'submit',
    initial: { Role: member.Role as string, StoreIds: ours.join(',') },
    schema: AdminStaffBodySchema,
    send: formSender({
      toBody: (v) => ({
        Role: v.Role as StaffRoleName,
        StoreIds: v.Role === 'marketplace_admin' || v.StoreIds === '' ? [] : v.StoreIds.split(',').map(Number),
      }),
      save: (body) => setStaffMember(member.UserId, body),
      onSaved,
    }),
  });
  const storesError = form.errorAt('StoreIds');
  const titleId = `staff-edit-${member.UserId}`;
  const errorId = `${titleId}-stores-error`;
  return (
    <form className="admin-form" onSubmit={form.submit} noValidate aria-labelledby={titleId}>
      <h5 id={titleId}>Change {member.Name || member.Email}</h5>
      <SelectField
        label="Role"
        value={form.values.Role}
        onChange={(event) => form.setValue('Role', event.target.value)}
        error={form.errorAt('Role')}
      >
        <option value="store_staff">Store staff</option>
        <option value="marketplace_admin">Marketplace admin</option>
      </SelectField>
      {form.values.Role === 'store_staff' && (
        <StoreChoices
          stores={stores}
          value={form.values.StoreIds}
          onChange={(value) => form.setValue('StoreIds', value)}
          error={storesError}
          errorId={errorId}
        />
      )}
      <FormProblems messages={form.otherErrors(FIELDS)} />
      <div className="admin-actions">
        <button type="submit" className="button" disabled={form.saving}>
          {form.saving ? 'Saving...' : 'Save the changes'}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
