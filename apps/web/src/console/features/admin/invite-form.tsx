import { ConsoleInviteBodySchema, type StaffRoleName } from '@shop/contract';
import { SelectField, TextField } from '../../../components/form-field';
import { formSender } from '../../../lib/form-sender';
import { useContractForm } from '../../../lib/use-contract-form';
import { FormProblems } from '../../components/console-ui';
import { inviteStaff } from './api/admin-staff';
import { StoreChoices } from './store-choices';

const FIELDS = ['Email', 'Role', 'StoreIds'] as const;
type Field = (typeof FIELDS)[number];
const EMPTY: Record<Field, string> = { Email: '', Role: 'store_staff', StoreIds: '' };

/** Invites an e-mail address as store staff of the stores ticked, or as a marketplace admin. */
export function InviteForm({
  stores,
  onSent,
}: {
  stores: { Id: number; Name: string }[];
  onSent: (email: string) => void;
}) {
  const form = useContractForm({
    fields: FIELDS,
    validateOnInput: 'submit',
    initial: EMPTY,
    schema: ConsoleInviteBodySchema,
    send: formSender({
      toBody: (v: Record<Field, string>) => ({
        Email: v.Email,
        Role: v.Role as StaffRoleName,
        StoreIds: v.StoreIds === '' ? [] : v.StoreIds.split(',').map(Number),
      }),
      save: inviteStaff,
      onSaved: () => {
        onSent(form.values.Email.trim());
        form.setValue('Email', '');
        form.setValue('StoreIds', '');
      },
    }),
  });
  const storesError = form.errorAt('StoreIds');
  return (
    <form className="admin-form" onSubmit={form.submit} noValidate aria-labelledby="invite-title">
      <h3 id="invite-title">Invite staff</h3>
      <p>They get an e-mail with a link that works once, for 7 days, to sign in or create an account.</p>
      <div className="admin-grid">
        <TextField
          label="E-mail address"
          type="email"
          autoComplete="off"
          value={form.values.Email}
          onChange={(event) => form.setValue('Email', event.target.value)}
          error={form.errorAt('Email')}
        />
        <SelectField
          label="Role"
          value={form.values.Role}
          onChange={(event) => form.setValue('Role', event.target.value)}
          error={form.errorAt('Role')}
        >
          <option value="store_staff">Store staff</option>
          <option value="marketplace_admin">Marketplace admin</option>
        </SelectField>
      </div>
      {form.values.Role === 'store_staff' && (
        <StoreChoices
          stores={stores}
          value={form.values.StoreIds}
          onChange={(value) => form.setValue('StoreIds', value)}
          error={storesError}
          errorId={'invite-stores-error'}
        />
      )}
      <FormProblems messages={form.otherErrors(FIELDS)} />
      <div className="admin-actions">
        <button type="submit" className="button" disabled={form.saving}>
          {form.saving ? 'Sending...' : 'Send the invitation'}
        </button>
      </div>
    </form>
  );
}
