import { GENERIC_ERROR_NOTICE, type SavedSearch } from '@shop/contract';
import { useEffect, useState } from 'react';
import { Modal } from '../../../components/modal';
import { Notice } from '../../../components/notice';
import { deleteSavedSearch } from '../api/delete-saved-search';

/** 'Delete this search?' with Delete and Cancel (account.md 2.4). */
export function DeleteSavedSearchDialog({
  search,
  onDeleted,
  onClose,
}: {
  search: SavedSearch | null;
  onDeleted: (search: SavedSearch) => void;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search starts without the old notice
  useEffect(() => setFailed(false), [search]);
  return (
    <Modal open={search !== null} title="Delete this search?" onClose={onClose} className="saved-search-modal">
      {failed ? <Notice kind="error">{GENERIC_ERROR_NOTICE}</Notice> : null}
      <p>Do you wish to delete {`\u2018${search?.Name ?? ''}\u2019`} from your saved searches?</p>
      <div className="saved-search-form__actions">
        <button
          type="button"
          className="button button--yellow"
          disabled={busy}
          aria-busy={busy}
          onClick={async () => {
            if (!search) return;
            setBusy(true);
            setFailed(false);
            try {
              await deleteSavedSearch(search.Id);
              onDeleted(search);
            } catch {
              setFailed(true);
            } finally {
              setBusy(false);
            }
          }}
        >
          Delete
        </button>
        <button type="button" className="button button--secondary" onClick={onClose}>
          Cancel
        </button>
      </div>
    </Modal>
  );
}
