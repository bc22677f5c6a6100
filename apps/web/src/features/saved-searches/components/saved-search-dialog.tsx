import { useEffect, useState } from 'react';
import { Modal } from '../../../components/modal';
import { SavedSearchForm, type SavedSearchFormTarget, type SavedValues } from './saved-search-form';
import '../saved-searches.css';

/**
 * The saved-search form in a modal, then its confirmation (account.md 2.5): 'Search saved' /
 * 'Your search has been saved.' after an add, 'Search updated' / 'Your search has been updated.'
 * after an edit. Closed while `target` is null.
 */
export function SavedSearchDialog({
  target,
  accountEmail,
  onSaved,
  onClose,
}: {
  target: SavedSearchFormTarget | null;
  accountEmail: string;
  onSaved?: (values: SavedValues) => void;
  onClose: () => void;
}) {
  const [done, setDone] = useState(false);
  // A new target starts at the form.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset whenever the target changes
  useEffect(() => setDone(false), [target]);
  const editing = target?.mode === 'edit';
  const title = done
    ? editing
      ? 'Search updated'
      : 'Search saved'
    : editing
      ? 'Edit saved search'
      : 'Save this search';
  return (
    <Modal open={target !== null} title={title} onClose={onClose} className="saved-search-modal">
      {target && !done ? (
        <SavedSearchForm
          key={target.mode === 'edit' ? `edit-${target.id}` : `add-${target.searchUrl}`}
          target={target}
          accountEmail={accountEmail}
          onCancel={onClose}
          onSaved={(values) => {
            setDone(true);
            onSaved?.(values);
          }}
        />
      ) : null}
      {target && done ? (
        <>
          <p>{editing ? 'Your search has been updated.' : 'Your search has been saved.'}</p>
          <div className="saved-search-form__actions">
            <button type="button" className="button button--yellow" onClick={onClose}>
              OK
            </button>
          </div>
        </>
      ) : null}
    </Modal>
  );
}
