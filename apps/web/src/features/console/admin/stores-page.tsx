import type { AdminStore } from '@shop/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Notice } from '../../../components/notice';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { adminStoresKey, useAdminStores } from '../api/admin-stores';
import { consoleMeKey } from '../api/get-console-me';
import { StoreForm } from './store-form';

/** Stores: every store of the marketplace; add one, or change a store's name, address and contact. */
export function StoresPage() {
  useDocumentTitle('Stores - Marketplace admin');
  const stores = useAdminStores();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<AdminStore | 'new' | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const onSaved = (store: AdminStore) => {
    setSaved(`${store.Name} is saved.`);
    setEditing(null);
    void queryClient.invalidateQueries({ queryKey: adminStoresKey });
    // The console's store picker lists the stores an admin runs.
    void queryClient.invalidateQueries({ queryKey: consoleMeKey });
  };

  return (
    <section aria-labelledby="admin-stores">
      <div className="admin-head">
        <h2 id="admin-stores">Stores</h2>
        {editing === null && (
          <button
            type="button"
            className="button"
            onClick={() => {
              setEditing('new');
              setSaved(null);
            }}
          >
            Add a store
          </button>
        )}
      </div>
      {saved && <Notice kind="success">{saved}</Notice>}
      {editing !== null && (
        <StoreForm
          key={editing === 'new' ? 'new' : editing.Id}
          store={editing === 'new' ? null : editing}
          onSaved={onSaved}
          onCancel={() => setEditing(null)}
        />
      )}
      {stores.status === 'loading' && <p role="status">Loading the stores...</p>}
      {stores.status === 'error' && <Notice kind="error">{stores.message}</Notice>}
      {stores.status === 'done' && (
        <ul className="admin-list">
          {stores.value.Stores.map((store) => (
            <li key={store.Id} className="admin-card">
              <h3>{store.Name}</h3>
              <dl>
                <dt>Region</dt>
                <dd>{store.Region}</dd>
                <dt>Address</dt>
                <dd>
                  {store.Address}, {store.Suburb} {store.State} {store.Postcode}
                </dd>
                <dt>Phone</dt>
                <dd>{store.Phone}</dd>
                <dt>E-mail</dt>
                <dd>{store.Email}</dd>
                <dt>Page</dt>
                <dd>
                  <a href={store.Url}>{store.Url}</a>
                </dd>
              </dl>
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => {
                  setEditing(store);
                  setSaved(null);
                }}
                aria-label={`Edit ${store.Name}`}
              >
                Edit
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
