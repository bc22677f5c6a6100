import type { ConsoleItem } from '@shop/contract';
import { Link, useSearchParams } from 'react-router';
import { Notice } from '../../../components/notice';
import { formatCount } from '../../../lib/format-count';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useConsoleStore } from '../../lib/use-console-store';
import { useStockCategories } from './api/stock-categories';
import { STOCK_PAGE_SIZE, type StockFilters, useStockItems } from './api/stock-items';
import { filtersFrom, paramsFrom, StockFilterForm } from './stock-filters';
import { stockPaths } from './stock-paths';
import { StatusBadge } from './stock-status';

/** The store's items: search, filters and pages kept in the URL, so Back returns to the same list. */
export function StockListPage() {
  const { store } = useConsoleStore();
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const items = useStockItems(store.Id, filters);
  const categories = useStockCategories(store.Id);
  useDocumentTitle(`Stock · ${store.Name}`);
  const go = (next: StockFilters) => setParams(paramsFrom(next));

  return (
    <section className="stock" aria-labelledby="stock-title">
      <div className="stock__head">
        <h1 id="stock-title" tabIndex={-1}>
          Stock
        </h1>
        <div className="stock__actions">
          <Link className="button" to={stockPaths.add(store.Id)}>
            Add an item
          </Link>
          <Link className="button button--secondary" to={stockPaths.import(store.Id)}>
            Import from CSV
          </Link>
        </div>
      </div>
      <StockFilterForm
        filters={filters}
        categories={categories.status === 'done' ? categories.value.Categories : []}
        onChange={go}
      />
      {items.status === 'error' ? <Notice kind="error">{items.message}</Notice> : null}
      <p className="stock__count" role="status">
        {items.status === 'done' ? countText(items.value.TotalCount, filters) : 'Loading the items...'}
      </p>
      {items.status === 'done' && items.value.Items.length > 0 ? (
        <>
          <ul className="stock-list" aria-label="Items">
            {items.value.Items.map((item) => (
              <StockRow key={item.Code} item={item} storeId={store.Id} />
            ))}
          </ul>
          <Pager
            page={filters.page}
            total={items.value.TotalCount}
            onPage={(page) => {
              go({ ...filters, page });
              // The new page starts at the top: focus goes back to the heading (and the view with it).
              document.getElementById('stock-title')?.focus();
            }}
          />
        </>
      ) : null}
    </section>
  );
}

function countText(total: number, filters: StockFilters): string {
  const filtered = filters.query || filters.status || filters.category;
  if (total === 0) return filtered ? 'No items match these filters.' : 'This store has no items yet.';
  return `${formatCount(total)} ${total === 1 ? 'item' : 'items'}${filtered ? ' match' : ''}`;
}

function StockRow({ item, storeId }: { item: ConsoleItem; storeId: number }) {
  return (
    <li className="stock-row">
      {item.Thumbnail ? (
        <img className="stock-row__picture" src={item.Thumbnail} alt="" width={72} height={72} loading="lazy" />
      ) : (
        <span className="stock-row__picture stock-row__picture--none" aria-hidden="true">
          No picture
        </span>
      )}
      <div className="stock-row__text">
        <Link className="stock-row__title" to={stockPaths.item(storeId, item.Code)}>
          {item.Title}
        </Link>
        <span className="stock-row__code">
          <span className="visually-hidden">Code </span>
          {item.Code}
        </span>
      </div>
      <span className="stock-row__price">{item.Price}</span>
      <StatusBadge status={item.Status} />
    </li>
  );
}

function Pager({ page, total, onPage }: { page: number; total: number; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / STOCK_PAGE_SIZE));
  if (pages === 1) return null;
  return (
    <nav className="stock-pager" aria-label="Pages">
      <button type="button" className="button button--secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous page
      </button>
      <span>
        Page {page} of {pages}
      </span>
      <button
        type="button"
        className="button button--secondary"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next page
      </button>
    </nav>
  );
}
