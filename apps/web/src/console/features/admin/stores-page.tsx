import { type AdminStore, REGION_INFO } from '@shop/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Notice } from '../../../components/notice';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ConsolePager } from '../../components/console-pager';
import { consoleMeKey } from '../../lib/get-console-me';
import { adminStoresKey, useAdminStores } from './api/admin-stores';
import { filterStores, STORES_PAGE_SIZE, type StoreFilters, storeFiltersFrom, storeParamsFrom } from './store-filter';
import { StoreForm } from './store-form';
import { StoreSearch } from './store-search';

/**
 * Stores: every store of the marketplace (a couple of hundred), found by words and region and shown
 * a page at a time, the filter in the URL so Back returns to it; add one, or change a store's name,
 * address and contact.
 */
export function StoresPage() {
  useDocumentTitle('Stores - Marketplace admin');
  const stores = useAdminStores();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const filters = storeFiltersFrom(params);
  const [editing, setEditing] = useState<AdminStore | 'new' | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const onSaved = (store: AdminStore) => {
    setSaved(`${store.Name} is saved.`);
    setEditing(null);
    void queryClient.invalidateQueries({ queryKey: adminStoresKey });
    // The console's store picker lists the stores an admin runs.
    void queryClient.invalidateQueries({ queryKey: consoleMeKey });
  };
  const edit = (store: AdminStore | 'new') => {
    setEditing(store);
    setSaved(null);
  };

  return (
    <section aria-labelledby="admin-stores">
      <div className="admin-head">
        <h2 id="admin-stores">Stores</h2>
        {editing === null && (
          <button type="button" className="button" onClick={() => edit('new')}>
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
      <StoreSearch filters={filters} onChange={(next: StoreFilters) => setParams(storeParamsFrom(next))} />
      {stores.status === 'loading' && <p role="status">Loading the stores...</p>}
      {stores.status === 'error' && <Notice kind="error">{stores.message}</Notice>}
      {stores.status === 'done' && (
        <StoreList stores={filterStores(stores.value.Stores, filters)} filters={filters} onEdit={edit} />
      )}
    </section>
  );
}

function StoreList({
  stores,
  filters,
  onEdit,
}: {
  stores: AdminStore[];
  filters: StoreFilters;
  onEdit: (store: AdminStore) => void;
}) {
  const pages = Math.max(1, Math.ceil(stores.length / STORES_PAGE_SIZE));
  const page = Math.min(filters.page, pages);
  const shown = stores.slice((page - 1) * STORES_PAGE_SIZE, page * STORES_PAGE_SIZE);
  const pager = (
    <ConsolePager
      page={page}
      pageSize={STORES_PAGE_SIZE}
      totalCount={stores.length}
      search={storeParamsFrom(filters).toString()}
      label="Pages of stores"
    />
  );
  return (
    <>
      <p className="admin-count" role="status">
        {stores.length === 0 ? 'No store matches.' : `${stores.length} ${stores.length === 1 ? 'store' : 'stores'}`}
      </p>
      <ul className="admin-list admin-list--compact">
        {shown.map((store) => (
          <li key={store.Id} className="admin-card">
            <h3>{store.Name}</h3>
            <p className="admin-card__line">
              {store.Suburb}, {store.State} {store.Postcode} · {REGION_INFO[store.Region].name}
            </p>
            <p className="admin-card__line">
              <a href={`tel:${store.Phone.replace(/[^\d+]/g, '')}`}>{store.Phone}</a>
            </p>
            <div className="admin-actions">
              <a
                className="button button--secondary button--small"
                href={store.Url}
                aria-label={`Store page of ${store.Name}`}
              >
                Store page
              </a>
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => onEdit(store)}
                aria-label={`Edit ${store.Name}`}
              >
                Edit
              </button>
            </div>
          </li>
        ))}
      </ul>
      {pager}
    </>
  );
}
