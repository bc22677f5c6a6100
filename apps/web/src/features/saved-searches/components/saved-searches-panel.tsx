import type { SavedSearch, SavedSearchListValue } from '@shop/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { viewerKey } from '../../../lib/viewer-scope';
import { savedSearchesKey, useSavedSearches } from '../api/get-saved-searches';
import { DeleteSavedSearchDialog } from './delete-saved-search-dialog';
import { SavedSearchDialog } from './saved-search-dialog';
import type { SavedSearchFormTarget, SavedValues } from './saved-search-form';
import { NoSavedSearches, SavedSearchList } from './saved-search-list';

/**
 * 'Current searches' (account.md 2.4, 4): the list, Edit in the saved-search form, Delete after
 * its confirmation; both change the list held in the query cache (a delete also the total).
 * `searchId` opens that search's form once the list has answered. A failed list call stops
 * loading silently (account.md 8).
 */
export function SavedSearchesPanel({
  searchId,
  accountEmail,
  onFormClosed,
}: {
  searchId: number | null;
  accountEmail: string;
  onFormClosed: () => void;
}) {
  const list = useSavedSearches();
  const client = useQueryClient();
  const [editing, setEditing] = useState<SavedSearch | null>(null);
  const [deleting, setDeleting] = useState<SavedSearch | null>(null);
  const opened = useRef<number | null>(null);

  // One object per search opened: a new target would start the dialog at its form again.
  const target = useMemo<SavedSearchFormTarget | null>(
    () =>
      editing
        ? {
            mode: 'edit',
            id: editing.Id,
            name: editing.Name,
            frequency: editing.NotificationFrequency,
            email: editing.Email,
          }
        : null,
    [editing],
  );

  const searches = list.status === 'done' ? list.value.searches : null;
  useEffect(() => {
    if (!searches || searchId === null || opened.current === searchId) return;
    opened.current = searchId;
    const found = searches.find((search) => search.Id === searchId);
    if (found) setEditing(found);
  }, [searches, searchId]);

  const update = (change: (value: SavedSearchListValue) => SavedSearchListValue) => {
    client.setQueryData<SavedSearchListValue>(savedSearchesKey, (value) => (value ? change(value) : value));
    // The dashboard's tile counts them.
    void client.invalidateQueries({ queryKey: viewerKey('account', 'overview') });
  };

  const edited = (search: SavedSearch, values: SavedValues) =>
    update((value) => ({
      ...value,
      searches: value.searches.map((s) =>
        s.Id === search.Id
          ? { ...s, Name: values.name, NotificationFrequency: values.frequency, Email: values.email }
          : s,
      ),
    }));

  const deleted = (search: SavedSearch) => {
    setDeleting(null);
    update((value) => ({
      searches: value.searches.filter((s) => s.Id !== search.Id),
      totalSearches: Math.max(0, value.totalSearches - 1),
    }));
  };

  return (
    <section className="account-card saved-searches" aria-labelledby="current-searches-heading">
      <h2 id="current-searches-heading">Current searches</h2>
      {list.status === 'loading' ? <p role="status">Loading your saved searches...</p> : null}
      {searches && searches.length === 0 ? <NoSavedSearches /> : null}
      {searches && searches.length > 0 ? (
        <SavedSearchList searches={searches} onEdit={setEditing} onDelete={setDeleting} />
      ) : null}
      <SavedSearchDialog
        target={target}
        accountEmail={accountEmail}
        onSaved={(values) => {
          if (editing) edited(editing, values);
        }}
        onClose={() => {
          setEditing(null);
          onFormClosed();
        }}
      />
      <DeleteSavedSearchDialog search={deleting} onDeleted={deleted} onClose={() => setDeleting(null)} />
    </section>
  );
}
