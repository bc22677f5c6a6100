import { type AdminDiscount, type AdminDiscountListValue, formatMoney, type Region } from '@shop/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Notice } from '../../../components/notice';
import { useSiteSettings } from '../../../lib/site-settings';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ConfirmDialog, dateTime } from '../../components/console-ui';
import {
  adminDiscountsKey,
  deactivateAdminDiscount,
  useAdminDiscounts,
  withSavedDiscount,
} from './api/admin-discounts';
import { DiscountForm } from './discount-form';
import { discountTiming } from './discount-timing';

/** Discount codes: this region's codes with their rules and uses; add one, change it, or turn it off. */
export function DiscountsPage() {
  useDocumentTitle('Discount codes - Marketplace admin');
  const codes = useAdminDiscounts();
  const { Region, CurrencySymbol } = useSiteSettings();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<AdminDiscount | 'new' | null>(null);
  const [stopping, setStopping] = useState<AdminDiscount | null>(null);
  const [busy, setBusy] = useState(false);
  const [stopError, setStopError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // Read once a render: a code that lapses while the page is open shows so on the next refresh.
  const now = Date.now();
  // The saved code goes into the list at once; the refetch then brings everyone else's changes.
  const refresh = (saved: AdminDiscount) => {
    queryClient.setQueryData<AdminDiscountListValue>(adminDiscountsKey, (list) =>
      list ? withSavedDiscount(list, saved) : list,
    );
    void queryClient.invalidateQueries({ queryKey: adminDiscountsKey });
  };

  async function deactivate(code: AdminDiscount) {
    setBusy(true);
    try {
      const stopped = await deactivateAdminDiscount(code.Id);
      setStopping(null);
      setDone(`${code.Code} is off: checkout no longer takes it.`);
      refresh(stopped);
    } catch (error) {
      setStopError(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="admin-discounts">
      <div className="admin-head">
        <h2 id="admin-discounts">Discount codes</h2>
        {editing === null && (
          <button
            type="button"
            className="button"
            onClick={() => {
              setEditing('new');
              setDone(null);
            }}
          >
            Add a discount code
          </button>
        )}
      </div>
      {done && <Notice kind="success">{done}</Notice>}
      {editing !== null && (
        <DiscountForm
          key={editing === 'new' ? 'new' : editing.Id}
          code={editing === 'new' ? null : editing}
          currency={CurrencySymbol}
          onSaved={(saved) => {
            setEditing(null);
            setDone(`${saved.Code} is saved${saved.Active ? ': checkout takes it' : ' (off)'}.`);
            refresh(saved);
          }}
          onCancel={() => setEditing(null)}
        />
      )}
      {codes.status === 'loading' && <p role="status">Loading the codes...</p>}
      {codes.status === 'error' && <Notice kind="error">{codes.message}</Notice>}
      {codes.status === 'done' && (
        <ul className="admin-list">
          {codes.value.Codes.map((code) => (
            <DiscountCard
              key={code.Id}
              code={code}
              now={now}
              region={Region}
              onEdit={() => {
                setEditing(code);
                setDone(null);
              }}
              onTurnOff={() => {
                setStopping(code);
                setStopError(null);
              }}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={stopping !== null}
        title={`Turn off ${stopping?.Code ?? 'this code'}?`}
        confirmLabel="Turn the code off"
        busy={busy}
        error={stopError}
        onConfirm={() => stopping && void deactivate(stopping)}
        onCancel={() => setStopping(null)}
      >
        <p>
          Checkout refuses it from now on; orders that used it keep their discount. You can turn it on again by editing
          it.
        </p>
      </ConfirmDialog>
    </section>
  );
}

/** One code in the list: its rules, its uses, and the buttons to edit it or turn it off. */
function DiscountCard({
  code,
  now,
  region,
  onEdit,
  onTurnOff,
}: {
  code: AdminDiscount;
  now: number;
  region: Region;
  onEdit: () => void;
  onTurnOff: () => void;
}) {
  return (
    <li className="admin-card">
      <h3>
        {code.Code}{' '}
        <span className={`admin-badge ${code.Active ? '' : 'admin-badge--off'}`}>{code.Active ? 'On' : 'Off'}</span>
        {discountTiming(code, now) && (
          <>
            {' '}
            <span className="admin-badge admin-badge--warn">{discountTiming(code, now)}</span>
          </>
        )}
      </h3>
      <dl>
        <dt>Takes off</dt>
        <dd>{code.AmountDisplay}</dd>
        {code.Description && (
          <>
            <dt>About</dt>
            <dd>{code.Description}</dd>
          </>
        )}
        <dt>Valid</dt>
        <dd>
          {code.StartsAt || code.EndsAt
            ? `${code.StartsAt ? `from ${dateTime(code.StartsAt, region)} ` : ''}${code.EndsAt ? `until ${dateTime(code.EndsAt, region)}` : ''}`
            : 'Always'}
        </dd>
        <dt>Minimum</dt>
        <dd>{code.MinSpendMinor > 0 ? formatMoney(code.MinSpendMinor, region) : 'None'}</dd>
        <dt>Used</dt>
        <dd>
          {code.UsesCount}
          {code.MaxUses !== null ? ` of ${code.MaxUses}` : ''}
          {code.MaxUsesPerCustomer !== null ? `, ${code.MaxUsesPerCustomer} per customer` : ''}
        </dd>
      </dl>
      <div className="admin-actions">
        <button
          type="button"
          className="button button--secondary button--small"
          aria-label={`Edit ${code.Code}`}
          onClick={onEdit}
        >
          Edit
        </button>
        {code.Active && (
          <button
            type="button"
            className="button button--ghost button--small"
            aria-label={`Turn off ${code.Code}`}
            onClick={onTurnOff}
          >
            Turn off
          </button>
        )}
      </div>
    </li>
  );
}
