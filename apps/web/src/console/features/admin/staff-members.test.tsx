// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDialogPolyfill } from '../../../test/dialog';
import { envelope, stubFetch } from '../../../test/fetch-stub';
import { StaffMembers } from './staff-members';

const STORES = [
  { Id: 1, Name: 'Orange' },
  { Id: 2, Name: 'Bathurst' },
];
const MEMBERS = [
  { UserId: 5, Email: 'admin@example.com', Name: 'Ada Admin', Role: 'marketplace_admin' as const, StoreIds: [] },
  // Store 90 is of the other region: not offered here, and kept by the server.
  { UserId: 7, Email: 'sam@example.com', Name: 'Sam Staff', Role: 'store_staff' as const, StoreIds: [1, 90] },
];

beforeAll(installDialogPolyfill);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderMembers(onChanged = vi.fn()) {
  render(
    <StaffMembers
      members={MEMBERS}
      stores={STORES}
      myEmail="admin@example.com"
      storeNames={(ids) => ids.join(', ')}
      onChanged={onChanged}
    />,
  );
  const [mine, sam] = screen.getAllByRole('listitem') as [HTMLElement, HTMLElement];
  return { mine, sam, onChanged };
}

describe('Staff members', () => {
  it("changes a member's stores: only this region's are offered and sent", async () => {
    const calls = stubFetch({
      'POST /c3api/console/admin/staff/7': () => envelope({ ...MEMBERS[1], StoreIds: [2, 90] }),
    });
    const { mine, sam, onChanged } = renderMembers();
    expect(mine.textContent).toContain('This is you.');
    expect(within(mine).queryByRole('button')).toBeNull();

    fireEvent.click(within(sam).getByRole('button', { name: 'Change role and stores of Sam Staff' }));
    const form = within(sam).getByRole('form', { name: 'Change Sam Staff' });
    const orange = within(form).getByRole('checkbox', { name: 'Orange' }) as HTMLInputElement;
    expect(orange.checked).toBe(true);
    fireEvent.click(orange);
    // No store ticked: the contract's rule, before anything is sent.
    fireEvent.click(within(form).getByRole('button', { name: 'Save the changes' }));
    expect(await within(form).findByText('Store staff need at least one store')).toBeTruthy();
    expect(calls).toEqual([]);

    fireEvent.click(within(form).getByRole('checkbox', { name: 'Bathurst' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save the changes' }));
    await vi.waitFor(() => expect(onChanged).toHaveBeenCalledWith('Sam Staff is now store staff.'));
    expect(calls[0]?.body).toEqual({ Role: 'store_staff', StoreIds: [2] });
  });

  it('removes a member after asking, and shows a refusal in the dialog', async () => {
    let refuse = true;
    const calls = stubFetch({
      'POST /c3api/console/admin/staff/7/remove': () =>
        refuse ? envelope(null, 404, 'No such staff member') : envelope({ Id: 7 }),
    });
    const { sam, onChanged } = renderMembers();
    fireEvent.click(within(sam).getByRole('button', { name: 'Remove from staff Sam Staff' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove from the staff?' });
    expect(calls).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove from staff' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('No such staff member');
    refuse = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove from staff' }));
    await vi.waitFor(() => expect(onChanged).toHaveBeenCalledWith('Sam Staff is no longer on the staff.'));
    expect(calls.map((c) => c.url)).toEqual([
      '/c3api/console/admin/staff/7/remove',
      '/c3api/console/admin/staff/7/remove',
    ]);
  });
});
