import { Link, useNavigate } from 'react-router';
import { Notice } from '../../../components/notice';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useConsoleStore } from '../../lib/use-console-store';
import { useStockCategories } from './api/stock-categories';
import { addStockItem, useStockChange } from './api/stock-changes';
import { ItemForm } from './item-form';
import { EMPTY_ITEM, type toItemFields } from './item-form-values';
import { stockPaths } from './stock-paths';

type Fields = ReturnType<typeof toItemFields>;

/** Adds an item to the store; on success the item's console page says so, with a link to the shop. */
export function AddItemPage() {
  const { store } = useConsoleStore();
  const navigate = useNavigate();
  const categories = useStockCategories(store.Id);
  const add = useStockChange(store.Id, ({ fields, pictures }: { fields: Fields; pictures: string[] }) =>
    addStockItem(store.Id, { ...fields, Pictures: pictures }),
  );
  useDocumentTitle(`Add an item · ${store.Name}`);

  return (
    <section className="stock" aria-labelledby="stock-add-title">
      <p className="stock__back">
        <Link to={stockPaths.list(store.Id)}>Back to the stock</Link>
      </p>
      <h1 id="stock-add-title">Add an item</h1>
      {categories.status === 'error' ? <Notice kind="error">{categories.message}</Notice> : null}
      {categories.status === 'loading' ? <p role="status">Loading the categories...</p> : null}
      {categories.status === 'done' ? (
        <ItemForm
          label="Add an item"
          region={store.Region}
          priceGuide={{ storeId: store.Id }}
          categories={categories.value.Categories}
          initial={EMPTY_ITEM}
          submitLabel="Add the item"
          pictureHint="JPEG, PNG or WebP, 5 MB or less each. The first is the main picture."
          onSubmit={async (fields, pictures) => {
            const item = await add.mutateAsync({ fields, pictures });
            navigate(stockPaths.item(store.Id, item.Code), {
              state: { notice: `Added ${item.Title} (${item.Code}). It is on sale in the shop now.` },
            });
          }}
        />
      ) : null}
    </section>
  );
}
